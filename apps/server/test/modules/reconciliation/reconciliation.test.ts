import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { koreaDay, koreaDayStart } from '@portal/contract/korea-time';
import {
  DEPOSIT_FIGURES,
  type AccountDayRow,
  type ReconciliationResponse,
} from '@portal/contract/reconciliation';
import { agencies } from '@server/db/schema';
import { deliverDueCredits } from '@server/modules/transactions/merchant-credits';
import type { App } from '@server/lib/zod-routes';
import {
  HEALTHY_LEDGER,
  deposit,
  ledgerHealth,
  moneyKit,
  uniqueAmount,
  type MoneyKit,
  type Person,
} from '../money/money-test-kit';

/**
 * The reconciliation report ties out (docs/decisions/018): a month of deposits on one agency's
 * account, refunded, written off, left due, a few paying real buys, and a merchant's credits,
 * debits and returns, all through the real paths; then every figure of the report is compared
 * with sums taken straight from the deposits and the ledger. The test's account and merchant are
 * its own, so other tests' rows on a shared database never enter the comparison.
 */
const DAY_MS = 24 * 60 * 60 * 1000;
let kit: MoneyKit;
let operator: Person;
let client: Person;
let accountDigits: string;
let today: string;
let from: string;
const boundary = { before: '', after: '' };

function dayBefore(day: string, days: number): string {
  return koreaDay(new Date(koreaDayStart(day).getTime() - days * DAY_MS));
}

/** A won amount no other test sends: seven digits ending in 7. */
function uniqueKrw(): string {
  return String(1_000_000 + (randomBytes(4).readUInt32BE(0) % 8_000_000) * 10 + 7);
}

async function deliverAll(app: App): Promise<void> {
  for (let round = 0; round < 20; round += 1) {
    if ((await deliverDueCredits(app, 1000)) === 0) return;
  }
}

const report = (query: string) => operator.browser.get(`/api/operator/reconciliation?${query}`);

beforeAll(async () => {
  kit = await moneyKit({ config: { logLevel: 'error' } });
  operator = await kit.person({ role: 'operator' });
  client = await kit.person();
  // An account number of this test alone, set before any buy copies it.
  accountDigits = `9${String(randomBytes(5).readUIntBE(0, 5)).padStart(13, '0')}`;
  const formatted = `${accountDigits.slice(0, 3)}-${accountDigits.slice(3, 9)}-${accountDigits.slice(9)}`;
  await kit.app.db
    .update(agencies)
    .set({ bankAccountNumber: formatted })
    .where(eq(agencies.id, kit.agencyId));
  today = koreaDay();
  from = dayBefore(today, 29);

  // A month of deposits nobody asked for: each is owed back at once (no_request).
  const owed: string[] = [];
  for (let back = 29; back >= 1; back -= 1) {
    const day = dayBefore(today, back);
    for (let k = 0; k <= back % 3; k += 1) {
      const { deposit: row } = await deposit(kit.app, {
        depositorName: `보낸이${k}`,
        amountKrw: uniqueKrw(),
        receivedAt: new Date(koreaDayStart(day).getTime() + (1 + k * 7) * 3600_000).toISOString(),
        // Banks write the account with and without dashes: the report counts it once.
        receivingAccount: k % 2 === 0 ? formatted : accountDigits,
      });
      owed.push(row.id);
    }
  }
  // The Korea-day boundary: one second apart, on two days.
  boundary.before = dayBefore(today, 10);
  boundary.after = dayBefore(today, 9);
  for (const receivedAt of [
    `${boundary.before}T23:59:59+09:00`,
    `${boundary.after}T00:00:00+09:00`,
  ]) {
    const { deposit: row } = await deposit(kit.app, {
      depositorName: '경계',
      amountKrw: uniqueKrw(),
      receivedAt,
      receivingAccount: formatted,
    });
    owed.push(row.id);
  }
  // Some refunded, some written off, the rest still due.
  for (const [index, id] of owed.entries()) {
    if (index % 3 === 0) {
      const done = await operator.browser.post(`/api/operator/deposits/${id}/refunded`, {
        bankReference: `RF-${index}-${randomBytes(3).toString('hex')}`,
        refundedOn: today,
      });
      expect(done.statusCode, done.body).toBe(200);
    } else if (index % 5 === 1) {
      const done = await operator.browser.post(`/api/operator/deposits/${id}/write-off`, {
        reason: 'The sender cannot be reached.',
      });
      expect(done.statusCode, done.body).toBe(200);
    }
  }

  // Today: buys paid by deposits on the account, one deposit short (in review), sells.
  const account = await kit.account(client, '100');
  for (let n = 0; n < 3; n += 1) {
    const buy = await kit.made(client, 'buy', account.id, uniqueAmount(10_000));
    const { deposit: paid } = await deposit(kit.app, {
      depositorName: client.name,
      amountKrw: buy.totalKrw,
      receivingAccount: n === 0 ? accountDigits : formatted,
    });
    expect(paid.status).toBe('settled');
  }
  const short = await kit.made(client, 'buy', account.id, uniqueAmount(10_000));
  const { deposit: shortPaid } = await deposit(kit.app, {
    depositorName: client.name,
    amountKrw: String(BigInt(short.totalKrw) - 1n),
    receivingAccount: formatted,
  });
  expect(shortPaid.status).toBe('review');
  await deliverAll(kit.app);

  for (const [amount, cancelAfter] of [
    ['1.25', false],
    ['0.5', true],
  ] as const) {
    const sell = await kit.made(client, 'sell', account.id, amount);
    const taken = await operator.browser.post(`/api/operator/transactions/${sell.id}/take`, {});
    expect(taken.statusCode, taken.body).toBe(200);
    if (cancelAfter) {
      const cancelled = await operator.browser.post(
        `/api/operator/transactions/${sell.id}/cancel`,
        { reason: 'The client asked to stop.' },
      );
      expect(cancelled.statusCode, cancelled.body).toBe(200);
    }
  }
  await deliverAll(kit.app);
}, 240_000);
afterAll(() => kit.close());

function mine(body: ReconciliationResponse): AccountDayRow[] {
  return body.accounts.filter(
    (row) => (row.account.accountNumber ?? '').replace(/\D/g, '') === accountDigits,
  );
}

describe('reconciliation ties out', () => {
  it('per receiving account and day: received = settled + refund due + refunded + written off + in review, equal to the deposits', async () => {
    const response = await report(`from=${from}&to=${today}`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<ReconciliationResponse>();
    const rows = mine(body);
    // One row a day (dashes or not), 29 past days and today.
    expect(rows.map((row) => row.day)).toEqual([...new Set(rows.map((row) => row.day))]);
    expect(rows).toHaveLength(30);
    for (const row of rows) {
      expect(row.account.agency?.id).toBe(kit.agencyId);
      expect(row.account.bankName).toBe('국민은행');
      const parts = DEPOSIT_FIGURES.filter((figure) => figure !== 'received');
      expect(parts.reduce((n, figure) => n + row.figures[figure].count, 0)).toBe(
        row.figures.received.count,
      );
      expect(
        parts.reduce((won, figure) => won + BigInt(row.figures[figure].krw), 0n).toString(),
      ).toBe(row.figures.received.krw);
    }

    const direct = await kit.app.db.execute<{
      day: string;
      status: string;
      n: string;
      krw: string;
    }>(
      sql`select to_char(received_at at time zone 'Asia/Seoul', 'YYYY-MM-DD') as day, status,
                 count(*)::text as n, sum(amount_krw)::text as krw
            from deposits
           where regexp_replace(coalesce(receiving_account, ''), '[^0-9]', '', 'g') = ${accountDigits}
           group by 1, 2`,
    );
    const name = {
      settled: 'settled',
      refund_due: 'refundDue',
      refunded: 'refunded',
      written_off: 'writtenOff',
      review: 'inReview',
    } as const;
    let figuresSeen = 0;
    for (const group of direct.rows) {
      const row = rows.find((candidate) => candidate.day === group.day)!;
      const figure = row.figures[name[group.status as keyof typeof name]];
      expect(figure, `${group.day} ${group.status}`).toEqual({
        count: Number(group.n),
        krw: group.krw,
      });
      figuresSeen += Number(group.n);
    }
    expect(rows.reduce((n, row) => n + row.figures.received.count, 0)).toBe(figuresSeen);
    const todays = rows.find((row) => row.day === today)!;
    expect(todays.figures.settled.count).toBe(3);
    expect(todays.figures.inReview.count).toBe(1);
    // Every state of the model occurs in the month.
    for (const figure of DEPOSIT_FIGURES) {
      expect(
        rows.some((row) => row.figures[figure].count > 0),
        figure,
      ).toBe(true);
    }

    // The totals are the sums of the rows (all of them, other tests' included).
    for (const figure of DEPOSIT_FIGURES) {
      const count = body.accounts.reduce((n, row) => n + row.figures[figure].count, 0);
      const krw = body.accounts.reduce((won, row) => won + BigInt(row.figures[figure].krw), 0n);
      expect(body.totals.accounts[figure]).toEqual({ count, krw: krw.toString() });
    }
  });

  it('a deposit at 23:59:59 and one at 00:00:00 KST land on their own days', async () => {
    const body = (
      await report(`from=${boundary.before}&to=${boundary.after}`)
    ).json<ReconciliationResponse>();
    const rows = mine(body);
    expect(rows.map((row) => row.day)).toEqual([boundary.before, boundary.after]);
    const direct = async (start: string, end: string) =>
      (
        await kit.app.db.execute<{ n: string }>(
          sql`select count(*)::text as n from deposits
               where regexp_replace(coalesce(receiving_account, ''), '[^0-9]', '', 'g') = ${accountDigits}
                 and received_at >= ${start}::timestamptz and received_at < ${end}::timestamptz`,
        )
      ).rows[0]!.n;
    expect(String(rows[0]!.figures.received.count)).toBe(
      await direct(`${boundary.before}T00:00:00+09:00`, `${boundary.after}T00:00:00+09:00`),
    );
    // Only the one day asked for: the 23:59:59 deposit is not in the next day's report.
    const next = mine(
      (await report(`from=${boundary.after}&to=${boundary.after}`)).json<ReconciliationResponse>(),
    );
    expect(next.map((row) => row.day)).toEqual([boundary.after]);
  });

  it('per merchant: credited, debited and returned are the ledger postings, with their won', async () => {
    const body = (await report(`from=${today}&to=${today}`)).json<ReconciliationResponse>();
    const row = body.merchants.find((candidate) => candidate.merchant.id === kit.merchantId)!;
    expect(row.merchant.asset).toBe(kit.asset);
    const ledger = await kit.app.db.execute<{
      kind: string;
      n: string;
      amount: string;
      krw: string;
    }>(
      sql`select e.kind, count(*)::text as n, trim_scale(abs(sum(p.amount)))::text as amount,
                 sum(t.total_krw)::text as krw
            from ledger_entries e
            join ledger_postings p on p.entry_id = e.id
            join ledger_accounts a on a.id = p.ledger_account_id
            join transactions t on t.id = e.transaction_id
           where a.kind = 'merchant' and a.merchant_id = ${kit.merchantId}
             and e.kind in ('buy_credit', 'sell_settle', 'sell_return')
           group by e.kind`,
    );
    const byKind = new Map(ledger.rows.map((group) => [group.kind, group]));
    for (const [kind, figure] of [
      ['buy_credit', 'credited'],
      ['sell_settle', 'debited'],
      ['sell_return', 'returned'],
    ] as const) {
      const group = byKind.get(kind)!;
      expect(row[figure], figure).toEqual({
        count: Number(group.n),
        amount: group.amount,
        krw: group.krw,
      });
    }
    expect(row.credited.count).toBe(3);
    expect(row.debited).toMatchObject({ count: 2, amount: '1.75' });
    expect(row.returned).toMatchObject({ count: 1, amount: '0.5' });
    expect(await ledgerHealth(kit.app)).toEqual(HEALTHY_LEDGER);
  });
});

describe('the range and who may read it', () => {
  it.each([
    [`from=${'2026-03-10'}&to=${'2026-03-09'}`, 'DATE_RANGE_INVALID'],
    ['from=2026-01-01&to=2026-04-03', 'DATE_RANGE_INVALID'],
    ['from=2026-02-30&to=2026-03-01', 'VALIDATION_FAILED'],
    ['from=2026-03-01', 'VALIDATION_FAILED'],
  ])('%s is refused with %s', async (query, code) => {
    const response = await report(query);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code } });
    const exported = await operator.browser.get(`/api/operator/reconciliation/export.csv?${query}`);
    expect(exported.statusCode).toBe(400);
  });

  it('92 days are one report', async () => {
    expect((await report('from=2026-01-01&to=2026-04-02')).statusCode).toBe(200);
  });

  it('only operators read it', async () => {
    for (const path of ['', '/export.csv', '/export.xlsx']) {
      const response = await client.browser.get(
        `/api/operator/reconciliation${path}?from=${today}&to=${today}`,
      );
      expect(response.statusCode, path).toBe(403);
    }
  });
});

describe('exports', () => {
  it('CSV in Korean: the account table with its total row', async () => {
    const response = await operator.browser.get(
      `/api/operator/reconciliation/export.csv?from=${from}&to=${today}&lang=ko&part=accounts`,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(String(response.headers['content-disposition'])).toContain(
      encodeURIComponent('정산대사_입금계좌_'),
    );
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toContain('입금 건수');
    expect(lines[0]).toContain('반환 예정 금액(원)');
    expect(lines.at(-1)!.startsWith('합계,')).toBe(true);
    expect(lines.some((line) => line.includes(`Agency ${kit.asset}`))).toBe(true);
  });

  it('Excel in English: the merchant table', async () => {
    const response = await operator.browser.get(
      `/api/operator/reconciliation/export.xlsx?from=${today}&to=${today}&lang=en&part=merchants`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect(String(response.headers['content-disposition'])).toContain('reconciliation-merchants-');
  });
});
