import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountPosition, TransactionDetail } from '@portal/contract/transactions';
import { ledgerTotal } from '@server/modules/ledger/ledger';
import { moneyKit, type MoneyKit } from './money-test-kit';

let kit: MoneyKit;
beforeAll(async () => {
  kit = await moneyKit({ config: { logLevel: 'error' } });
});
afterAll(() => kit.close());

describe('buy and sell requests', () => {
  it('a buy request locks the quoted rate and asks for the exact won total', async () => {
    const owner = await kit.person();
    const account = await kit.account(owner);
    const buy = await kit.made(owner, 'buy', account.id, '1.23456789');
    expect(buy).toMatchObject({
      type: 'buy',
      status: 'Requested',
      amount: '1.23456789',
      rateKrw: '1392.5',
      totalKrw: '1720',
      creditStatus: 'not_applicable',
      depositInstructions: { depositorName: owner.name, amountKrw: '1720', bankName: '국민은행' },
    });
    expect(buy.number).toMatch(/^B\d{8}$/);
    expect(buy.events).toHaveLength(1);
  });

  it('a sell reserves the amount at once; more than the available balance is refused', async () => {
    const owner = await kit.person();
    const account = await kit.account(owner, '10');
    const sell = await kit.made(owner, 'sell', account.id, '7.5');
    expect(sell).toMatchObject({ status: 'Requested', totalKrw: '10357' });
    const position = (
      await owner.browser.get(`/api/accounts/${account.id}/position`)
    ).json<AccountPosition>();
    expect(position).toMatchObject({ balance: '10', openPosition: '7.5', available: '2.5' });

    const tooMuch = await kit.request(owner, 'sell', account.id, '2.50000001');
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json()).toMatchObject({ error: { code: 'INSUFFICIENT_BALANCE' } });

    const cancelled = await owner.browser.post(`/api/transactions/${sell.id}/cancel`, {});
    expect(cancelled.json<TransactionDetail>().status).toBe('Cancelled');
    const after = (
      await owner.browser.get(`/api/accounts/${account.id}/position`)
    ).json<AccountPosition>();
    expect(after).toMatchObject({ balance: '10', openPosition: '0', available: '10' });
    expect(await ledgerTotal(kit.app.db)).toBe('0');
  });

  it('an account with an open request cannot be deleted', async () => {
    const owner = await kit.person();
    const account = await kit.account(owner);
    await kit.made(owner, 'buy', account.id, '1');
    const refused = await owner.browser.delete(`/api/accounts/${account.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: { code: 'ACCOUNT_HAS_OPEN_REQUESTS' } });
  });
});
