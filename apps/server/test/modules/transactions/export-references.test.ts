import { parse } from 'csv-parse/sync';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transactions } from '@server/db/schema';
import {
  deposit,
  moneyKit,
  statusOf,
  uniqueAmount,
  uniqueReference,
  type MoneyKit,
  type Person,
} from '../money/money-test-kit';

/**
 * Client Transactions' exports carry when a transaction completed and its references: the bank
 * reference of the deposit that paid a buy, the payout reference of a sell (docs/decisions/022).
 */
let kit: MoneyKit;
let client: Person;
let agencyUser: Person;

beforeAll(async () => {
  kit = await moneyKit();
  client = await kit.person();
  agencyUser = await kit.person({ role: 'agency' });
});
afterAll(() => kit.close());

type Row = Record<string, string>;
const csvRows = (payload: Buffer): Row[] =>
  parse(payload.toString('utf8').replace(/^\uFEFF/, ''), { columns: true }) as Row[];

describe('agency export references', () => {
  it('has the completion date, the deposit reference and the payout reference', async () => {
    const account = await kit.account(client, '100');
    const buy = await kit.made(client, 'buy', account.id, uniqueAmount());
    const bankReference = uniqueReference();
    const { deposit: recorded } = await deposit(kit.app, {
      bankReference,
      depositorName: client.name,
      amountKrw: buy.totalKrw,
    });
    expect(recorded.status).toBe('settled');
    await expect.poll(() => statusOf(kit.app, buy.id)).toBe('Completed');
    const sell = await kit.made(client, 'sell', account.id, '1');
    // A paid-out sell, written straight: the payout path has its own tests.
    await kit.app.db
      .update(transactions)
      .set({
        status: 'Completed',
        debitConfirmedAt: sql`now()`,
        payoutReference: 'PAYOUT-77',
        completedAt: sql`'2026-03-05T03:00:00Z'::timestamptz`,
      })
      .where(eq(transactions.id, sell.id));
    const open = await kit.made(client, 'buy', account.id, uniqueAmount());

    const csv = await agencyUser.browser.get('/api/agency/transactions/export.csv?lang=en');
    expect(csv.statusCode, csv.body).toBe(200);
    const rows = new Map(csvRows(csv.rawPayload).map((row) => [row['No.'], row]));
    expect(rows.get(buy.number)).toMatchObject({
      'Completed (KST)': expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      'Deposit reference': bankReference,
      'Payout reference': '',
    });
    expect(rows.get(sell.number)).toMatchObject({
      'Completed (KST)': '2026-03-05 12:00:00',
      'Deposit reference': '',
      'Payout reference': 'PAYOUT-77',
    });
    expect(rows.get(open.number)).toMatchObject({
      'Completed (KST)': '',
      'Deposit reference': '',
    });

    const ko = await agencyUser.browser.get('/api/agency/transactions/export.csv?lang=ko');
    const koRow = csvRows(ko.rawPayload).find((row) => row['번호'] === sell.number);
    expect(koRow).toMatchObject({
      '완료 일시(KST)': '2026-03-05 12:00:00',
      '지급 참조번호': 'PAYOUT-77',
    });
  });
});
