import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountPosition } from '@portal/contract/transactions';
import type { Database } from '@server/db/client';
import {
  HEALTHY_LEDGER,
  ledgerHealth,
  moneyKit,
  openSellTotal,
  sameAmount,
  type MoneyKit,
} from './money-test-kit';

/**
 * Many sells at once on one account: the balance is never oversold, whatever the interleaving
 * (real PostgreSQL runs them in parallel; PGlite serialises them, with the same outcome). And the
 * database itself refuses a ledger that does not add up, whatever query tries.
 */
let kit: MoneyKit;
beforeAll(async () => {
  kit = await moneyKit({ config: { logLevel: 'error' } });
});
afterAll(() => kit.close());

const SELLS = 200;
const FITS = 50;

async function ledgerIdsOf(db: Database, accountId: string) {
  const result = await db.execute<{ id: string; kind: string; merchant_id: string }>(
    sql`select id, kind, merchant_id from ledger_accounts where merchant_account_id = ${accountId}`,
  );
  const holding = result.rows.find((row) => row.kind === 'holding')!;
  const reserved = result.rows.find((row) => row.kind === 'reserved')!;
  const merchant = await db.execute<{ id: string }>(
    sql`select id from ledger_accounts where kind = 'merchant' and merchant_id = ${holding.merchant_id}`,
  );
  return { holding: holding.id, reserved: reserved.id, merchant: merchant.rows[0]!.id };
}

async function balanceOf(db: Database, ledgerAccountId: string): Promise<string> {
  const result = await db.execute<{ balance: string }>(
    sql`select balance::text as balance from ledger_accounts where id = ${ledgerAccountId}`,
  );
  return result.rows[0]!.balance;
}

/** Every message and code on an error and its causes, for matching whichever driver threw. */
function describeError(error: unknown): string {
  const parts: string[] = [];
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    if (typeof current !== 'object') break;
    const { message, code, constraint } = current as Record<string, unknown>;
    parts.push(String(message ?? ''), String(code ?? ''), String(constraint ?? ''));
    current = (current as { cause?: unknown }).cause;
  }
  return parts.join(' | ');
}

async function refusal(work: Promise<unknown>): Promise<string> {
  try {
    await work;
  } catch (error) {
    return describeError(error);
  }
  throw new Error('the database accepted it');
}

describe('concurrent sells on one account', () => {
  it(`${SELLS} sells at once against a balance that fits ${FITS}: exactly ${FITS} are made`, async () => {
    const owner = await kit.person();
    const account = await kit.account(owner, String(FITS));
    const quoteToken = await kit.quote(owner, 'sell');

    // A request that waited longer than the pool allows for a connection is answered 503 with
    // Retry-After and writes nothing (it happens on a busy two-core machine); a client sends it
    // again with the same idempotency key, as Retry-After asks, so the outcome is counted
    // over what each request finally got.
    const sell = async (idempotencyKey: string) => {
      for (let attempt = 1; ; attempt += 1) {
        const response = await owner.browser.post(
          '/api/transactions/sell',
          { accountId: account.id, amount: '1', quoteToken },
          { headers: { 'idempotency-key': idempotencyKey } },
        );
        if (response.statusCode !== 503 || attempt === 5) return response;
        expect(response.json()).toMatchObject({ error: { code: 'SERVICE_UNAVAILABLE' } });
        retried += 1;
      }
    };
    let retried = 0;
    const responses = await Promise.all(Array.from({ length: SELLS }, () => sell(randomUUID())));

    const byStatus = new Map<number, number>();
    for (const response of responses) {
      byStatus.set(response.statusCode, (byStatus.get(response.statusCode) ?? 0) + 1);
    }
    expect(Object.fromEntries(byStatus)).toEqual({ 201: FITS, 409: SELLS - FITS });
    for (const response of responses.filter((r) => r.statusCode === 409)) {
      expect(response.json()).toMatchObject({ error: { code: 'INSUFFICIENT_BALANCE' } });
    }

    const made = await kit.app.db.execute<{ n: string | number }>(
      sql`select count(*) as n from transactions where account_id = ${account.id} and type = 'sell'`,
    );
    expect(Number(made.rows[0]!.n)).toBe(FITS);

    const position = (
      await owner.browser.get(`/api/accounts/${account.id}/position`)
    ).json<AccountPosition>();
    const openSells = await openSellTotal(kit.app, account.id);
    expect(sameAmount(position.openPosition, openSells)).toBe(true);
    expect(position).toMatchObject({ balance: String(FITS), openPosition: '50', available: '0' });
    expect(await ledgerHealth(kit.app)).toEqual(HEALTHY_LEDGER);
    console.log(
      `[concurrency] ${SELLS} concurrent sells: ${JSON.stringify(Object.fromEntries(byStatus))}; open position ${position.openPosition}; ${retried} sent again after a 503`,
    );
    // 200 requests contend for one row lock; on a busy two-core machine that takes longer than
    // the usual 30 s, and the test is about the outcome, not the time.
  }, 120_000);
});

describe('the database guards the ledger from any query', () => {
  it('refuses an overdraft, an unbalanced entry, a direct balance change and edits of history', async () => {
    const owner = await kit.person();
    const account = await kit.account(owner, '5');
    // A sell puts the account's ledger in place and in use.
    await kit.made(owner, 'sell', account.id, '2');
    const { db } = kit.app;
    const ids = await ledgerIdsOf(db, account.id);
    expect(await balanceOf(db, ids.holding)).toMatch(/^3(\.0+)?$/);
    const before = await ledgerHealth(kit.app);
    expect(before).toEqual(HEALTHY_LEDGER);

    // A balanced entry that takes more than there is: the overdraft check refuses it.
    const overdraft = await refusal(
      db.transaction(async (tx) => {
        const entry = await tx.execute<{ id: string }>(
          sql`insert into ledger_entries (kind) values ('balance_reading') returning id`,
        );
        const entryId = entry.rows[0]!.id;
        await tx.execute(sql`insert into ledger_postings (entry_id, ledger_account_id, amount)
          values (${entryId}, ${ids.holding}, -4), (${entryId}, ${ids.merchant}, 4)`);
      }),
    );
    expect(overdraft).toMatch(/ledger_accounts_no_overdraft/);

    // One-sided entry: refused at commit, because the postings do not sum to zero.
    const unbalanced = await refusal(
      db.transaction(async (tx) => {
        const entry = await tx.execute<{ id: string }>(
          sql`insert into ledger_entries (kind) values ('balance_reading') returning id`,
        );
        await tx.execute(sql`insert into ledger_postings (entry_id, ledger_account_id, amount)
          values (${entry.rows[0]!.id}, ${ids.holding}, 1000)`);
      }),
    );
    expect(unbalanced).toMatch(/does not balance|ledger_entry_balanced/);

    // Balances move only through postings.
    const setBalance = await refusal(
      db.execute(sql`update ledger_accounts set balance = 1000000 where id = ${ids.holding}`),
    );
    expect(setBalance).toMatch(/changes only through postings/);
    const zeroReserved = await refusal(
      db.execute(sql`update ledger_accounts set balance = 0 where id = ${ids.reserved}`),
    );
    expect(zeroReserved).toMatch(/changes only through postings/);
    const startRich = await refusal(
      db.execute(
        sql`insert into ledger_accounts (kind, merchant_id, balance) values ('holding', ${kit.merchantId}, 10)`,
      ),
    );
    expect(startRich).toMatch(/starts at zero/);

    // History is append-only.
    const updatePosting = await refusal(
      db.execute(
        sql`update ledger_postings set amount = amount * 2 where ledger_account_id = ${ids.reserved}`,
      ),
    );
    expect(updatePosting).toMatch(/append-only/);
    const deletePosting = await refusal(
      db.execute(sql`delete from ledger_postings where ledger_account_id = ${ids.reserved}`),
    );
    expect(deletePosting).toMatch(/append-only/);
    const deleteEntry = await refusal(
      db.execute(
        sql`delete from ledger_entries where id in (select entry_id from ledger_postings where ledger_account_id = ${ids.reserved})`,
      ),
    );
    expect(deleteEntry).toMatch(/append-only/);

    // Nothing of it landed.
    expect(await balanceOf(db, ids.holding)).toMatch(/^3(\.0+)?$/);
    expect(await balanceOf(db, ids.reserved)).toMatch(/^2(\.0+)?$/);
    expect(await ledgerHealth(kit.app)).toEqual(HEALTHY_LEDGER);
    const position = (
      await owner.browser.get(`/api/accounts/${account.id}/position`)
    ).json<AccountPosition>();
    expect(position).toMatchObject({ balance: '5', openPosition: '2', available: '3' });
  });
});
