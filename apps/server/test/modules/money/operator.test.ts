import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type {
  AccountPosition,
  Deposit,
  DepositOutcome,
  OperatorTransaction,
} from '@portal/contract/transactions';
import { assetForKrw } from '@portal/contract/money';
import { auditEvents, sandboxMerchantAccounts } from '@server/db/schema';
import { ledgerTotal } from '@server/modules/ledger/ledger';
import { MerchantError } from '@server/modules/merchants/adapter';
import { moneyKit, type MoneyKit, type Person } from './money-test-kit';

let kit: MoneyKit;
let operator: Person;
beforeAll(async () => {
  kit = await moneyKit();
  operator = await kit.person({ role: 'operator' });
});
afterAll(() => kit.close());

const reference = () => `REF-${randomBytes(6).toString('hex')}`;

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

describe('operator: sell payouts', () => {
  it('take debits the merchant, then complete records the payout reference', async () => {
    const owner = await kit.person();
    const account = await kit.account(owner, '20');
    const sell = await kit.made(owner, 'sell', account.id, '5');

    const tooEarly = await operator.browser.post(`/api/operator/transactions/${sell.id}/complete`, {
      payoutReference: 'too early',
    });
    expect(tooEarly.json()).toMatchObject({ error: { code: 'TRANSITION_NOT_ALLOWED' } });
    expect(await sandboxBalance(account.accountNumber)).toBe('20.00000000');

    const taken = await operator.browser.post(`/api/operator/transactions/${sell.id}/take`, {});
    expect(taken.json<OperatorTransaction>()).toMatchObject({
      status: 'Pending',
      user: { id: owner.id },
      debit: { sentAt: null, failure: null },
    });
    expect(taken.json<OperatorTransaction>().debit?.confirmedAt).toEqual(expect.any(String));
    // Debited before anyone pays the won out.
    expect(await sandboxBalance(account.accountNumber)).toBe('15.00000000');

    const missing = await operator.browser.post(
      `/api/operator/transactions/${sell.id}/complete`,
      {},
    );
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ error: { code: 'PAYOUT_REFERENCE_REQUIRED' } });

    const done = await operator.browser.post(`/api/operator/transactions/${sell.id}/complete`, {
      payoutReference: 'KB-20261121-0001',
    });
    expect(done.statusCode).toBe(200);
    expect(done.json<OperatorTransaction>()).toMatchObject({
      status: 'Completed',
      payoutReference: 'KB-20261121-0001',
    });
    expect(await sandboxBalance(account.accountNumber)).toBe('15.00000000');
    const position = (
      await owner.browser.get(`/api/accounts/${account.id}/position`)
    ).json<AccountPosition>();
    expect(position).toMatchObject({ balance: '15', openPosition: '0', available: '15' });

    const again = await operator.browser.post(`/api/operator/transactions/${sell.id}/complete`, {
      payoutReference: 'KB-20261121-0001',
    });
    expect(again.statusCode).toBe(409);
    expect(await sandboxBalance(account.accountNumber)).toBe('15.00000000');
    expect(await ledgerTotal(kit.app.db)).toBe('0');
  });

  it('a merchant that does not answer leaves the sale Requested and not cancellable; taking again debits once', async () => {
    const owner = await kit.person();
    const account = await kit.account(owner, '20');
    const sell = await kit.made(owner, 'sell', account.id, '3');

    const real = kit.app.merchantAdapters.forMerchant;
    kit.app.merchantAdapters.forMerchant = (merchant) => ({
      ...real(merchant),
      debit: () => Promise.reject(new MerchantError('unavailable', 'down')),
    });
    try {
      const failed = await operator.browser.post(`/api/operator/transactions/${sell.id}/take`, {});
      expect(failed.statusCode).toBe(503);
      expect(failed.json()).toMatchObject({ error: { code: 'MERCHANT_UNAVAILABLE' } });
    } finally {
      kit.app.merchantAdapters.forMerchant = real;
    }
    const inFlight = (
      await operator.browser.get(
        // By its number: on a shared database other files' open sales may fill a page.
        `/api/operator/transactions?type=sell&status=Requested&q=${sell.number}&pageSize=100`,
      )
    )
      .json<{ items: OperatorTransaction[] }>()
      .items.find((item) => item.id === sell.id);
    expect(inFlight?.debit?.sentAt).toEqual(expect.any(String));
    for (const cancel of [
      () =>
        operator.browser.post(`/api/operator/transactions/${sell.id}/cancel`, { reason: 'stop' }),
      () => owner.browser.post(`/api/transactions/${sell.id}/cancel`, {}),
    ]) {
      const refused = await cancel();
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ error: { code: 'TRANSITION_NOT_ALLOWED' } });
    }
    const retried = await operator.browser.post(`/api/operator/transactions/${sell.id}/take`, {});
    expect(retried.json<OperatorTransaction>().status).toBe('Pending');
    expect(await sandboxBalance(account.accountNumber)).toBe('17.00000000');
    const done = await operator.browser.post(`/api/operator/transactions/${sell.id}/complete`, {
      payoutReference: 'P-1',
    });
    expect(done.json<OperatorTransaction>().status).toBe('Completed');
    expect(await sandboxBalance(account.accountNumber)).toBe('17.00000000');
  });

  it('clients cannot reach operator routes', async () => {
    const client = await kit.person();
    for (const url of [
      '/api/operator/transactions',
      '/api/operator/deposits',
      '/api/operator/rates',
    ]) {
      expect((await client.browser.get(url)).statusCode).toBe(403);
    }
  });
});

describe('operator: deposits that need a person', () => {
  it('a near-miss deposit delays the buy; only an accepted difference completes it, at the deposited amount', async () => {
    const owner = await kit.person();
    const account = await kit.account(owner);
    const buy = await kit.made(owner, 'buy', account.id, '3');
    const entered = await operator.browser.post('/api/operator/deposits', {
      bankReference: reference(),
      depositorName: owner.name,
      amountKrw: String(Number(buy.totalKrw) - 1),
      receivedAt: new Date().toISOString(),
    });
    expect(entered.statusCode).toBe(201);
    const { deposit } = entered.json<DepositOutcome>();
    expect(deposit).toMatchObject({
      status: 'review',
      reviewReason: 'amount_differs',
      source: 'manual',
    });

    const seen = (
      await owner.browser.get(`/api/transactions/${buy.id}`)
    ).json<OperatorTransaction>();
    expect(seen).toMatchObject({ status: 'Pending', delayReason: 'amount_differs' });

    const duplicate = await operator.browser.post('/api/operator/deposits', {
      bankReference: deposit.bankReference,
      depositorName: owner.name,
      amountKrw: '1',
      receivedAt: new Date().toISOString(),
    });
    expect(duplicate.statusCode).toBe(409);
    // The entry is in the audit trail once, by whom, with what it recorded; the refused
    // duplicate is not (docs/decisions/020).
    const trail = await kit.app.db
      .select({ actor: auditEvents.actorUserId, details: auditEvents.details })
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, 'deposit_recorded'),
          eq(auditEvents.objectId, deposit.bankReference),
        ),
      );
    expect(trail).toEqual([
      {
        actor: operator.id,
        details: {
          after: expect.objectContaining({
            depositorName: owner.name,
            amountKrw: String(Number(buy.totalKrw) - 1),
            status: 'review',
            reviewReason: 'amount_differs',
          }),
        },
      },
    ]);

    const queue = await operator.browser.get('/api/operator/deposits?status=review&pageSize=100');
    expect(queue.json<{ items: Deposit[] }>().items.map((item) => item.id)).toContain(deposit.id);

    // A buy completes only with a deposit, and a differing one only when accepted.
    const withoutDeposit = await operator.browser.post(
      `/api/operator/transactions/${buy.id}/complete`,
      { note: 'paid' },
    );
    expect(withoutDeposit.statusCode).toBe(400);
    expect(withoutDeposit.json()).toMatchObject({
      error: { code: 'VALIDATION_FAILED', fields: { depositId: 'required' } },
    });
    const notAccepted = await operator.browser.post(
      `/api/operator/transactions/${buy.id}/complete`,
      { depositId: deposit.id },
    );
    expect(notAccepted.statusCode).toBe(409);
    expect(notAccepted.json()).toMatchObject({ error: { code: 'AMOUNT_DIFFERENCE_NOT_ACCEPTED' } });
    const still = (
      await owner.browser.get(`/api/transactions/${buy.id}`)
    ).json<OperatorTransaction>();
    expect(still.status).toBe('Pending');

    const matched = await operator.browser.post(`/api/operator/deposits/${deposit.id}/match`, {
      transactionId: buy.id,
      acceptAmountDifference: true,
      note: 'Customer paid 1 won less; accepted',
    });
    // Paying a buy waits for a second operator (docs/decisions/017).
    await kit.approve(matched);
    const settled = (await operator.browser.get(`/api/operator/deposits/${deposit.id}`)).json<{
      deposit: Deposit;
    }>().deposit;
    expect(settled).toMatchObject({
      status: 'settled',
      matchedTransaction: { id: buy.id },
    });
    const answer = (
      await owner.browser.get(`/api/transactions/${buy.id}`)
    ).json<OperatorTransaction>();
    expect(answer.status).toBe('Completed');
    // Completed at what was paid, the asset recomputed at the locked rate, the request kept.
    expect(answer.totalKrw).toBe(deposit.amountKrw);
    expect(answer.amount).toBe(assetForKrw(deposit.amountKrw, buy.rateKrw));
    expect(answer.requested).toEqual({ amount: buy.amount, totalKrw: buy.totalKrw });
    // Another test file's credit worker on a shared database may have delivered it already.
    expect(['pending', 'delivered']).toContain(answer.creditStatus);

    const again = await operator.browser.post(`/api/operator/deposits/${deposit.id}/refund`, {
      reason: 'amount_refused',
    });
    expect(again.json()).toMatchObject({ error: { code: 'DEPOSIT_ALREADY_RESOLVED' } });
    const twice = await operator.browser.post(`/api/operator/deposits/${deposit.id}/match`, {
      transactionId: buy.id,
      acceptAmountDifference: true,
    });
    expect(twice.json()).toMatchObject({ error: { code: 'DEPOSIT_NOT_USABLE' } });
  });
});

describe('operator: rates', () => {
  it('sets rates, keeps history, and a quote of an older rate is refused at once', async () => {
    const owner = await kit.person();
    const account = await kit.account(owner);
    const token = await kit.quote(owner, 'buy');
    const sellToken = await kit.quote(owner, 'sell');
    const set = await operator.browser.post('/api/operator/rates', {
      asset: kit.asset,
      buyRateKrw: '1400',
      sellRateKrw: '1390.55',
    });
    expect(set.statusCode).toBe(201);
    const bad = await operator.browser.post('/api/operator/rates', {
      asset: kit.asset,
      buyRateKrw: '1400.123',
      sellRateKrw: '0',
    });
    expect(bad.json()).toMatchObject({
      error: {
        code: 'VALIDATION_FAILED',
        fields: { buyRateKrw: 'numberTooManyDecimals?places=2', sellRateKrw: 'rateNotPositive' },
      },
    });
    const list = (await operator.browser.get('/api/operator/rates')).json<{
      current: { asset: string; buyRateKrw: string }[];
      history: { asset: string }[];
    }>();
    expect(list.current.find((rate) => rate.asset === kit.asset)?.buyRateKrw).toBe('1400.00');
    expect(list.history.filter((rate) => rate.asset === kit.asset).length).toBeGreaterThanOrEqual(
      2,
    );

    // A quote dies with its rate (docs/decisions/010): refused at once, not after its age.
    for (const side of ['buy', 'sell'] as const) {
      const stale = await owner.browser.post(
        `/api/transactions/${side}`,
        { accountId: account.id, amount: '1', quoteToken: side === 'buy' ? token : sellToken },
        { headers: { 'idempotency-key': `k-${randomBytes(8).toString('hex')}` } },
      );
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toMatchObject({ error: { code: 'QUOTE_RATE_CHANGED' } });
    }
    const fresh = await owner.browser.post(
      '/api/transactions/buy',
      { accountId: account.id, amount: '1', quoteToken: await kit.quote(owner, 'buy') },
      { headers: { 'idempotency-key': `k-${randomBytes(8).toString('hex')}` } },
    );
    expect(fresh.statusCode).toBe(201);
    expect(fresh.json()).toMatchObject({ rateKrw: '1400', totalKrw: '1400' });
  });

  it('refuses an expired or forged quote', async () => {
    const short = await moneyKit({ config: { quoteMaxAgeSeconds: 10 } });
    try {
      const owner = await short.person();
      const account = await short.account(owner);
      const token = await short.quote(owner, 'sell');
      const [payload, signature] = token.split('.');
      const forged = `${payload}x.${signature}`;
      const send = (quoteToken: string) =>
        owner.browser.post(
          '/api/transactions/sell',
          { accountId: account.id, amount: '1', quoteToken },
          { headers: { 'idempotency-key': `k-${randomBytes(8).toString('hex')}` } },
        );
      expect((await send(forged)).json()).toMatchObject({ error: { code: 'QUOTE_INVALID' } });
      const buyQuote = await short.quote(owner, 'buy');
      expect((await send(buyQuote)).json()).toMatchObject({ error: { code: 'QUOTE_INVALID' } });
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + 11_000);
      try {
        expect((await send(token)).json()).toMatchObject({ error: { code: 'QUOTE_EXPIRED' } });
      } finally {
        vi.useRealTimers();
      }
    } finally {
      await short.close();
    }
  });
});
