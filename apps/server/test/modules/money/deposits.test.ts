import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DepositOutcome, TransactionDetail } from '@portal/contract/transactions';
import type { App } from '@server/lib/zod-routes';
import { deliverToWebhook } from '@test/bank-webhook';
import { readPosition } from '@server/modules/ledger/ledger';
import { deliverDueCredits } from '@server/modules/transactions/merchant-credits';
import {
  HEALTHY_LEDGER,
  deposit,
  ledgerHealth,
  moneyKit,
  sameAmount,
  statusOf,
  statusesOf,
  sweepExpired,
  uniqueAmount,
  uniqueReference,
  type MoneyKit,
} from './money-test-kit';

/**
 * Deposits through the real service (recordDeposit) and the real routes: duplicates count once,
 * a matched buy is credited to the merchant once, and expiry, cancel and ambiguity go to a person.
 */
const SECRET = 'test-bank-webhook-secret-0123456789abcdef';
let kit: MoneyKit;
/** Buy requests that expire a second after they are made, for the expiry cases only. */
let expiring: MoneyKit;
beforeAll(async () => {
  kit = await moneyKit({ config: { logLevel: 'error', bankWebhookSecret: SECRET } });
  expiring = await moneyKit({ config: { logLevel: 'error', buyRequestTtlHours: 1 / 3600 } });
});
afterAll(async () => {
  await kit.close();
  await expiring.close();
});

const webhook = (app: App, body: unknown, timestamp?: number) =>
  deliverToWebhook(app, SECRET, body, timestamp);

async function count(app: App, query: ReturnType<typeof sql>): Promise<number> {
  const result = await app.db.execute<{ n: string | number }>(query);
  return Number(result.rows[0]!.n);
}

async function sandboxBalance(app: App, merchantId: string, accountNumber: string) {
  const result = await app.db.execute<{ balance: string }>(
    sql`select balance::text as balance from sandbox_merchant_accounts
         where merchant_id = ${merchantId} and account_number = ${accountNumber}`,
  );
  return result.rows[0]!.balance;
}

async function decimalSum(app: App, a: string, b: string): Promise<string> {
  const result = await app.db.execute<{ sum: string }>(
    sql`select (${a}::numeric + ${b}::numeric)::text as sum`,
  );
  return result.rows[0]!.sum;
}

/** Delivers every due credit (other tests' leftovers on a shared database included). */
async function deliverAll(app: App): Promise<void> {
  for (let round = 0; round < 20; round += 1) {
    if ((await deliverDueCredits(app, 1000)) === 0) return;
  }
}

describe('a deposit delivered more than once', () => {
  it('through recordDeposit: 5 deliveries, 1 completion', async () => {
    const owner = await kit.person();
    const account = await kit.account(owner);
    const buy = await kit.made(owner, 'buy', account.id, uniqueAmount());
    const notification = {
      bankReference: uniqueReference(),
      depositorName: owner.name,
      amountKrw: buy.totalKrw,
      receivedAt: new Date().toISOString(),
    };
    const outcomes = [];
    for (let i = 0; i < 5; i += 1) outcomes.push(await deposit(kit.app, notification));

    expect(outcomes.map((outcome) => outcome.duplicate)).toEqual([false, true, true, true, true]);
    expect(outcomes[0]!.deposit).toMatchObject({
      status: 'settled',
      matchedTransactionId: buy.id,
    });
    for (const outcome of outcomes) expect(outcome.deposit.id).toBe(outcomes[0]!.deposit.id);
    expect(
      await count(
        kit.app,
        sql`select count(*) as n from deposits where bank_reference = ${notification.bankReference}`,
      ),
    ).toBe(1);
    const detail = (
      await owner.browser.get(`/api/transactions/${buy.id}`)
    ).json<TransactionDetail>();
    expect(detail.status).toBe('Completed');
    expect(detail.events.map((event) => event.move)).toEqual(['request', 'deposit_matched']);
    expect(
      await count(
        kit.app,
        sql`select count(*) as n from merchant_credits where transaction_id = ${buy.id}`,
      ),
    ).toBe(1);
  });

  it('through the routes: manual entry, then the bank webhook 4 times, 1 completion', async () => {
    const owner = await kit.person();
    const operator = await kit.person({ role: 'operator' });
    const account = await kit.account(owner);
    const buy = await kit.made(owner, 'buy', account.id, uniqueAmount());
    const notification = {
      bankReference: uniqueReference(),
      depositorName: owner.name,
      amountKrw: buy.totalKrw,
      receivedAt: new Date().toISOString(),
    };

    const manual = await operator.browser.post('/api/operator/deposits', notification);
    expect(manual.statusCode).toBe(201);
    expect(manual.json<DepositOutcome>()).toMatchObject({
      duplicate: false,
      deposit: { status: 'settled', matchedTransaction: { id: buy.id } },
    });
    const outcomes: DepositOutcome[] = [];
    const now = Math.floor(Date.now() / 1000);
    for (let i = 0; i < 4; i += 1) {
      // Each retry of the bank is signed anew, so it is a duplicate deposit, not a replay.
      const delivered = await webhook(kit.app, notification, now - i);
      expect(delivered.statusCode, delivered.body).toBe(200);
      outcomes.push(delivered.json<DepositOutcome>());
    }
    expect(outcomes.map((outcome) => outcome.duplicate)).toEqual([true, true, true, true]);
    for (const outcome of outcomes) {
      expect(outcome.deposit.id).toBe(manual.json<DepositOutcome>().deposit.id);
    }
    const again = await operator.browser.post('/api/operator/deposits', notification);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: { code: 'DEPOSIT_ALREADY_RECORDED' } });
    // Typed again with another amount: a conflict, kept for the operators with who typed it.
    const other = await operator.browser.post('/api/operator/deposits', {
      ...notification,
      amountKrw: String(BigInt(notification.amountKrw) + 1n),
    });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ error: { code: 'DEPOSIT_REFERENCE_CONFLICT' } });
    expect(
      await count(
        kit.app,
        sql`select count(*) as n from audit_events where action = 'deposit_reference_conflict'
            and object_id = ${notification.bankReference} and actor_user_id = ${operator.id}`,
      ),
    ).toBe(1);

    expect(
      await count(
        kit.app,
        sql`select count(*) as n from deposits where bank_reference = ${notification.bankReference}`,
      ),
    ).toBe(1);
    expect(
      await count(
        kit.app,
        sql`select count(*) as n from transaction_events where transaction_id = ${buy.id} and move = 'deposit_matched'`,
      ),
    ).toBe(1);
    expect(await statusOf(kit.app, buy.id)).toBe('Completed');
  });
});

describe('the merchant credit of a completed buy', () => {
  it('is queued when the deposit matches and delivered to the merchant exactly once', async () => {
    const owner = await kit.person();
    const account = await kit.account(owner, '100');
    // Reading the position records the merchant's balance in the ledger.
    await owner.browser.get(`/api/accounts/${account.id}/position`);
    const before = await readPosition(kit.app.db, account.id);
    expect(sameAmount(before.holding, '100')).toBe(true);
    const amount = uniqueAmount();
    const buy = await kit.made(owner, 'buy', account.id, amount);

    const recorded = await deposit(kit.app, {
      depositorName: owner.name,
      amountKrw: buy.totalKrw,
    });
    expect(recorded.deposit.status).toBe('settled');
    const outbox = await kit.app.db.execute<{ status: string }>(
      sql`select status from merchant_credits where transaction_id = ${buy.id}`,
    );
    expect(outbox.rows).toEqual([{ status: 'pending' }]);
    expect(await sandboxBalance(kit.app, kit.merchantId, account.accountNumber)).toMatch(
      /^100(\.0+)?$/,
    );

    // Two workers at once, then once more: the merchant sees one credit.
    await Promise.all([deliverAll(kit.app), deliverAll(kit.app)]);
    await deliverAll(kit.app);

    const expected = await decimalSum(kit.app, '100', amount);
    expect(
      sameAmount(await sandboxBalance(kit.app, kit.merchantId, account.accountNumber), expected),
    ).toBe(true);
    expect(
      await count(
        kit.app,
        sql`select count(*) as n from sandbox_merchant_transfers
             where merchant_id = ${kit.merchantId} and account_number = ${account.accountNumber} and kind = 'credit'`,
      ),
    ).toBe(1);
    const credit = await kit.app.db.execute<{ status: string; attempts: number }>(
      sql`select status, attempts from merchant_credits where transaction_id = ${buy.id}`,
    );
    expect(credit.rows[0]).toMatchObject({ status: 'delivered' });
    expect(
      await count(
        kit.app,
        sql`select count(*) as n from ledger_entries where transaction_id = ${buy.id} and kind = 'buy_credit'`,
      ),
    ).toBe(1);

    const after = await readPosition(kit.app.db, account.id);
    expect(sameAmount(after.holding, expected)).toBe(true);
    const detail = (
      await owner.browser.get(`/api/transactions/${buy.id}`)
    ).json<TransactionDetail>();
    expect(detail).toMatchObject({ status: 'Completed', creditStatus: 'delivered' });
    const position = (await owner.browser.get(`/api/accounts/${account.id}/position`)).json<{
      balance: string;
    }>();
    expect(sameAmount(position.balance, expected)).toBe(true);
    expect(await ledgerHealth(kit.app)).toEqual(HEALTHY_LEDGER);
  });
});

describe('deposits that need a person', () => {
  it('expiry cancels an open buy; a deposit after it is a refund due (request_expired)', async () => {
    const owner = await expiring.person();
    const account = await expiring.account(owner);
    const buy = await expiring.made(owner, 'buy', account.id, uniqueAmount());
    const later = new Date(Date.parse(buy.expiresAt!) + 60_000);

    await sweepExpired(expiring.app, later);
    expect(await statusOf(expiring.app, buy.id)).toBe('Cancelled');
    const detail = (
      await owner.browser.get(`/api/transactions/${buy.id}`)
    ).json<TransactionDetail>();
    expect(detail.events.map((event) => event.move)).toEqual(['request', 'expire']);

    const recorded = await deposit(expiring.app, {
      depositorName: owner.name,
      amountKrw: buy.totalKrw,
      receivedAt: later.toISOString(),
    });
    expect(recorded.deposit).toMatchObject({
      status: 'refund_due',
      reviewReason: 'request_expired',
      refundReason: 'request_expired',
      refundTransactionId: buy.id,
      relatedTransactionIds: [buy.id],
      matchedTransactionId: null,
    });
    expect(await statusOf(expiring.app, buy.id)).toBe('Cancelled');
    // The owner sees on the request that the won goes back.
    const after = (
      await owner.browser.get(`/api/transactions/${buy.id}`)
    ).json<TransactionDetail>();
    expect(after.refunds).toEqual([
      { amountKrw: buy.totalKrw, status: 'refund_due', refundedAt: null },
    ]);
  });

  it('a deposit for a buy the user cancelled is a refund due, shown on that buy', async () => {
    const owner = await kit.person();
    const account = await kit.account(owner);
    const buy = await kit.made(owner, 'buy', account.id, uniqueAmount());
    const cancelled = await owner.browser.post(`/api/transactions/${buy.id}/cancel`, {});
    expect(cancelled.json<TransactionDetail>().status).toBe('Cancelled');

    const recorded = await deposit(kit.app, { depositorName: owner.name, amountKrw: buy.totalKrw });
    expect(recorded.deposit).toMatchObject({
      status: 'refund_due',
      reviewReason: 'no_prior_request',
      refundReason: 'request_cancelled',
      refundTransactionId: buy.id,
      relatedTransactionIds: [buy.id],
      matchedTransactionId: null,
    });
    expect(await statusOf(kit.app, buy.id)).toBe('Cancelled');
    // A refund due is no longer under review: the buy shows it as a refund, not as received.
    const detail = (
      await owner.browser.get(`/api/transactions/${buy.id}`)
    ).json<TransactionDetail>();
    expect(detail.depositsInReview).toEqual([]);
    expect(detail.refunds).toHaveLength(1);
    expect(
      await count(
        kit.app,
        sql`select count(*) as n from merchant_credits where transaction_id = ${buy.id}`,
      ),
    ).toBe(0);
  });

  it('two open requests with the same name and amount: multiple_candidates, nothing settled', async () => {
    const owner = await kit.person();
    const account = await kit.account(owner);
    const amount = uniqueAmount();
    const first = await kit.made(owner, 'buy', account.id, amount);
    const second = await kit.made(owner, 'buy', account.id, amount);
    expect(second.totalKrw).toBe(first.totalKrw);

    const recorded = await deposit(kit.app, {
      depositorName: owner.name,
      amountKrw: first.totalKrw,
    });
    expect(recorded.deposit).toMatchObject({
      status: 'review',
      reviewReason: 'multiple_candidates',
      matchedTransactionId: null,
    });
    expect([...recorded.deposit.relatedTransactionIds].sort()).toEqual(
      [first.id, second.id].sort(),
    );
    const statuses = await statusesOf(kit.app, [first.id, second.id]);
    expect([...statuses.values()]).toEqual(['Pending', 'Pending']);
    const detail = (
      await owner.browser.get(`/api/transactions/${first.id}`)
    ).json<TransactionDetail>();
    expect(detail.delayReason).toBe('multiple_candidates');
    // Each buy the deposit may pay shows it, amount and time, while the operator decides.
    expect(detail.depositsInReview).toEqual([
      {
        amountKrw: first.totalKrw,
        receivedAt: new Date(recorded.deposit.receivedAt).toISOString(),
      },
    ]);
    expect(
      (await owner.browser.get(`/api/transactions/${second.id}`)).json<TransactionDetail>()
        .depositsInReview,
    ).toHaveLength(1);
    expect(
      await count(
        kit.app,
        sql`select count(*) as n from merchant_credits where transaction_id in (${first.id}, ${second.id})`,
      ),
    ).toBe(0);
    expect(await ledgerHealth(kit.app)).toEqual(HEALTHY_LEDGER);
  });
});
