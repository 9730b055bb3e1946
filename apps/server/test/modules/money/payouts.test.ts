import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AccountPosition,
  OperatorTransaction,
  TransactionDetail,
} from '@portal/contract/transactions';
import { auditEvents, payeeAccounts, sandboxMerchantAccounts } from '@server/db/schema';
import type { App } from '@server/lib/zod-routes';
import { MerchantError } from '@server/modules/merchants/adapter';
import { deliverDueCredits } from '@server/modules/transactions/merchant-credits';
import {
  HEALTHY_LEDGER,
  ledgerHealth,
  moneyKit,
  statusOf,
  type MoneyKit,
  type Person,
} from './money-test-kit';

/**
 * Sells are debited at the merchant before the won is paid out, and paid to the payee the sell
 * kept (docs/decisions/010): Take is the debit, Complete records the payout, a refused debit
 * stops the sale for everyone, and a cancel after the debit gives the asset back.
 */
let kit: MoneyKit;
let operator: Person;
beforeAll(async () => {
  kit = await moneyKit({ config: { logLevel: 'error' } });
  operator = await kit.person({ role: 'operator' });
});
afterAll(() => kit.close());

async function sandboxBalance(accountNumber: string): Promise<string> {
  const [row] = await kit.app.db
    .select({ balance: sandboxMerchantAccounts.balance })
    .from(sandboxMerchantAccounts)
    .where(
      and(
        eq(sandboxMerchantAccounts.merchantId, kit.merchantId),
        eq(sandboxMerchantAccounts.accountNumber, accountNumber),
      ),
    );
  return row!.balance;
}

/** The merchant's side: the user moved asset away at the merchant after selling it here. */
async function setSandboxBalance(accountNumber: string, balance: string) {
  await kit.app.db
    .update(sandboxMerchantAccounts)
    .set({ balance })
    .where(
      and(
        eq(sandboxMerchantAccounts.merchantId, kit.merchantId),
        eq(sandboxMerchantAccounts.accountNumber, accountNumber),
      ),
    );
}

/** Delivers every due credit (other tests' leftovers on a shared database included). */
async function deliverAll(app: App): Promise<void> {
  for (let round = 0; round < 20; round += 1) {
    if ((await deliverDueCredits(app, 1000)) === 0) return;
  }
}

const take = (id: string) => operator.browser.post(`/api/operator/transactions/${id}/take`, {});
const complete = (id: string, payoutReference = 'KB-PAYOUT-1') =>
  operator.browser.post(`/api/operator/transactions/${id}/complete`, { payoutReference });
const cancel = (id: string, reason?: string) =>
  operator.browser.post(
    `/api/operator/transactions/${id}/cancel`,
    reason === undefined ? {} : { reason },
  );

async function detail(owner: Person, id: string): Promise<TransactionDetail> {
  return (await owner.browser.get(`/api/transactions/${id}`)).json<TransactionDetail>();
}

async function position(owner: Person, accountId: string): Promise<AccountPosition> {
  return (await owner.browser.get(`/api/accounts/${accountId}/position`)).json<AccountPosition>();
}

describe('a sell needs a payee and keeps it', () => {
  it('a sell without a payee is refused with PAYEE_REQUIRED and reserves nothing', async () => {
    const owner = await kit.person();
    const account = await kit.account(owner, '10');
    await kit.app.db.delete(payeeAccounts).where(eq(payeeAccounts.userId, owner.id));
    const refused = await kit.request(owner, 'sell', account.id, '1');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: { code: 'PAYEE_REQUIRED' } });
    expect(await position(owner, account.id)).toMatchObject({ openPosition: '0', available: '10' });
    // A buy needs none.
    expect((await kit.request(owner, 'buy', account.id, '1')).statusCode).toBe(201);
  });

  it('the sell shows the payee it was made with to its owner and the operator, whatever changes later', async () => {
    const owner = await kit.person();
    const account = await kit.account(owner, '10');
    const saved = await owner.browser.put('/api/payee', {
      bankCode: '088',
      accountNumber: '110-123-456789',
    });
    expect(saved.statusCode).toBe(200);
    const sell = await kit.made(owner, 'sell', account.id, '2');
    const kept = {
      bankCode: '088',
      bankName: 'Shinhan Bank',
      accountNumber: '110-123-456789',
      holderName: owner.name,
    };
    expect(sell.payee).toEqual(kept);

    const changed = await owner.browser.put('/api/payee', {
      bankCode: '090',
      accountNumber: '3333-01-2345678',
    });
    expect(changed.statusCode).toBe(200);
    expect((await detail(owner, sell.id)).payee).toEqual(kept);
    const taken = await take(sell.id);
    expect(taken.json<OperatorTransaction>().payee).toEqual(kept);
    // A new sell takes the new one; buys have none.
    const next = await kit.made(owner, 'sell', account.id, '1');
    expect(next.payee).toMatchObject({ bankCode: '090', accountNumber: '3333-01-2345678' });
    expect((await kit.made(owner, 'buy', account.id, '1')).payee).toBeNull();
  });
});

describe('take debits the merchant first', () => {
  it('a refused debit (not enough balance) leaves the sale Requested, unpayable, and the operator cancels it', async () => {
    const owner = await kit.person();
    const account = await kit.account(owner, '20');
    const sell = await kit.made(owner, 'sell', account.id, '5');
    await setSandboxBalance(account.accountNumber, '1');

    const refused = await take(sell.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: { code: 'MERCHANT_INSUFFICIENT_FUNDS' } });
    expect(await statusOf(kit.app, sell.id)).toBe('Requested');
    expect(await sandboxBalance(account.accountNumber)).toBe('1.00000000');
    const seen = await detail(owner, sell.id);
    expect(seen.debit).toEqual({ sentAt: null, confirmedAt: null, failure: 'insufficient_funds' });

    // Nobody pays it out: taking again and completing are refused.
    const again = await take(sell.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      error: {
        code: 'TRANSITION_NOT_ALLOWED',
        message: expect.stringContaining('not enough balance'),
      },
    });
    expect((await complete(sell.id)).json()).toMatchObject({
      error: { code: 'TRANSITION_NOT_ALLOWED' },
    });

    const cancelled = await cancel(sell.id, 'The merchant refused the debit');
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json<OperatorTransaction>().status).toBe('Cancelled');
    expect(await position(owner, account.id)).toMatchObject({ openPosition: '0', balance: '1' });
    expect(await ledgerHealth(kit.app)).toEqual(HEALTHY_LEDGER);
  });

  it('a link the merchant no longer accepts is kept as link_invalid', async () => {
    const owner = await kit.person();
    const account = await kit.account(owner, '20');
    const sell = await kit.made(owner, 'sell', account.id, '2');
    const real = kit.app.merchantAdapters.forMerchant;
    kit.app.merchantAdapters.forMerchant = (merchant) => ({
      ...real(merchant),
      debit: () => Promise.reject(new MerchantError('link_invalid', 'password changed')),
    });
    try {
      const refused = await take(sell.id);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ error: { code: 'MERCHANT_LINK_INVALID' } });
    } finally {
      kit.app.merchantAdapters.forMerchant = real;
    }
    const seen = (await detail(owner, sell.id)).debit;
    expect(seen).toMatchObject({ failure: 'link_invalid', sentAt: null });
    expect((await take(sell.id)).statusCode).toBe(409);
  });

  it('the database refuses to complete a sell without a confirmed debit', async () => {
    const owner = await kit.person();
    const account = await kit.account(owner, '20');
    const sell = await kit.made(owner, 'sell', account.id, '2');
    // A sale made Pending before debits came first (or by a bug): never debited.
    await kit.app.db.execute(sql`update transactions set status = 'Pending' where id = ${sell.id}`);
    const refused = await complete(sell.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: { code: 'DEBIT_NOT_CONFIRMED' } });
    await expect(
      kit.app.db.execute(sql`update transactions set status = 'Completed' where id = ${sell.id}`),
    ).rejects.toThrow();
    // Cancelling it gives back nothing (nothing was taken), it only releases the reservation.
    expect((await cancel(sell.id, 'never debited')).statusCode).toBe(200);
    expect(await position(owner, account.id)).toMatchObject({ openPosition: '0', balance: '20' });
    const credits = await kit.app.db.execute<{ n: string | number }>(
      sql`select count(*) as n from merchant_credits where transaction_id = ${sell.id}`,
    );
    expect(Number(credits.rows[0]!.n)).toBe(0);
  });

  it('cancelling a taken (debited) sell gives the asset back to the same account', async () => {
    const owner = await kit.person();
    const account = await kit.account(owner, '20');
    const sell = await kit.made(owner, 'sell', account.id, '8');
    expect((await take(sell.id)).statusCode).toBe(200);
    expect(await sandboxBalance(account.accountNumber)).toBe('12.00000000');
    expect(await position(owner, account.id)).toMatchObject({ balance: '12', openPosition: '0' });

    const noReason = await cancel(sell.id, '  ');
    expect(noReason.statusCode).toBe(400);
    const cancelled = await cancel(sell.id, 'Payee account closed');
    expect(cancelled.json<OperatorTransaction>()).toMatchObject({
      status: 'Cancelled',
      creditStatus: 'pending',
    });
    await deliverAll(kit.app);
    expect(await sandboxBalance(account.accountNumber)).toBe('20.00000000');
    expect(await detail(owner, sell.id)).toMatchObject({ creditStatus: 'delivered' });
    expect(await position(owner, account.id)).toMatchObject({
      balance: '20',
      openPosition: '0',
      available: '20',
    });
    const entries = await kit.app.db.execute<{ kind: string }>(
      sql`select kind from ledger_entries where transaction_id = ${sell.id} order by id`,
    );
    expect(entries.rows.map((row) => row.kind)).toEqual([
      'sell_reserve',
      'sell_settle',
      'sell_return',
    ]);
    // Two transfers at the merchant, each under its own key: the debit, then the return.
    const transfers = await kit.app.db.execute<{ key: string; kind: string }>(
      sql`select idempotency_key as key, kind from sandbox_merchant_transfers
           where merchant_id = ${kit.merchantId} and account_number = ${account.accountNumber}
           order by created_at`,
    );
    expect(transfers.rows).toEqual([
      { key: `sell-debit:${sell.id}`, kind: 'debit' },
      { key: expect.stringMatching(/^sell-return:/), kind: 'credit' },
    ]);
    expect(await ledgerHealth(kit.app)).toEqual(HEALTHY_LEDGER);
  });
});

describe('the operator cancels a Requested request', () => {
  it.each(['buy', 'sell'] as const)(
    'a Requested %s, with a reason the owner sees; refused without one',
    async (side) => {
      const owner = await kit.person();
      const account = await kit.account(owner, '10');
      const made = await kit.made(owner, side, account.id, '3');
      for (const body of [undefined, '', '   ']) {
        const refused = await cancel(made.id, body);
        expect(refused.statusCode).toBe(400);
      }
      const cancelled = await cancel(made.id, 'Duplicate request, confirmed by phone');
      // A buy's cancel waits for a second operator; a sell's is one step (docs/decisions/017).
      const approval = side === 'buy' ? await kit.approve(cancelled) : null;
      if (side === 'sell') expect(cancelled.json<OperatorTransaction>().status).toBe('Cancelled');
      expect(await statusOf(kit.app, made.id)).toBe('Cancelled');
      const seen = await detail(owner, made.id);
      expect(seen.events.at(-1)).toMatchObject({
        move: 'operator_cancel_request',
        actorKind: 'operator',
        to: 'Cancelled',
        reason: 'Duplicate request, confirmed by phone',
      });
      if (side === 'sell') {
        expect(await position(owner, account.id)).toMatchObject({
          openPosition: '0',
          available: '10',
        });
      }
      const audited = await kit.app.db
        .select({ details: auditEvents.details })
        .from(auditEvents)
        .where(
          and(
            eq(auditEvents.action, 'transaction_cancelled_by_operator'),
            eq(auditEvents.subjectUserId, owner.id),
          ),
        );
      expect(audited).toEqual([
        {
          details: {
            transaction: made.number,
            before: { status: 'Requested' },
            after: { status: 'Cancelled' },
            reason: 'Duplicate request, confirmed by phone',
            ...(approval
              ? {
                  approval: {
                    id: approval.id,
                    requestedBy: { id: operator.id, name: operator.name },
                    approvedBy: approval.decidedBy,
                  },
                }
              : {}),
          },
        },
      ]);
      expect((await cancel(made.id, 'again')).statusCode).toBe(409);
    },
  );
});
