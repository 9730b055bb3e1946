import type { MerchantList } from '@portal/contract/merchants';
import type { OperatorSandboxAccountList } from '@portal/contract/sandbox';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moneyKit, type MoneyKit, type Person } from '../money/money-test-kit';
import { addMerchant, openedAccount } from './sandbox-test-kit';

/**
 * Sandbox accounts as operators manage them, and the whole feature turned off
 * (docs/decisions/011).
 */
const STARTING = '250.5';

let kit: MoneyKit;
let operator: Person;
beforeAll(async () => {
  kit = await moneyKit({ config: { sandboxStartingBalance: STARTING } });
  operator = await kit.person({ role: 'operator' });
});
afterAll(() => kit.close());

describe('operator: a sandbox merchant’s accounts', () => {
  it('lists, tops up and closes, with audit events and a transfer row for each top-up', async () => {
    const owner = await kit.person();
    const account = await openedAccount(owner.browser, kit.merchantId);
    const base = `/api/operator/merchants/${kit.merchantId}/sandbox-accounts`;

    const list = (await operator.browser.get(base)).json<OperatorSandboxAccountList>();
    expect(list.items.find((item) => item.accountNumber === account.accountNumber)).toMatchObject({
      holderName: owner.name,
      balance: STARTING,
      openedBy: { id: owner.id, name: owner.name, email: owner.email },
      closedAt: null,
    });

    const topUp = await operator.browser.post(`${base}/${account.accountNumber}/top-up`, {
      amount: '0.12345678',
    });
    expect(topUp.statusCode, topUp.body).toBe(200);
    expect(topUp.json()).toMatchObject({ balance: '250.62345678' });
    const transfers = await kit.app.db.execute<{ kind: string; amount: string }>(
      sql`select kind, amount::text as amount from sandbox_merchant_transfers
           where merchant_id = ${kit.merchantId} and account_number = ${account.accountNumber}`,
    );
    expect(transfers.rows).toEqual([{ kind: 'credit', amount: '0.12345678' }]);

    for (const amount of ['0', '-1', '1.123456789', 'abc']) {
      const bad = await operator.browser.post(`${base}/${account.accountNumber}/top-up`, {
        amount,
      });
      expect(bad.statusCode, amount).toBe(400);
      expect(bad.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
    }

    const closed = await operator.browser.post(`${base}/${account.accountNumber}/close`, {});
    expect(closed.json()).toMatchObject({ closedAt: expect.any(String) });
    const again = await operator.browser.post(`${base}/${account.accountNumber}/close`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      error: { code: 'CONFLICT', message: 'This sandbox account is already closed.' },
    });
    const closedTopUp = await operator.browser.post(`${base}/${account.accountNumber}/top-up`, {
      amount: '1',
    });
    expect(closedTopUp.statusCode).toBe(409);

    const missing = await operator.browser.post(`${base}/SBX-0000-NONE/close`, {});
    expect(missing.statusCode).toBe(404);

    const events = await kit.app.db.execute<{ action: string; details: { amount?: string } }>(
      sql`select action, details from audit_events
           where actor_user_id = ${operator.id} and details->>'accountNumber' = ${account.accountNumber}
           order by occurred_at, id`,
    );
    expect(events.rows.map((event) => event.action).sort()).toEqual([
      'sandbox_account_closed',
      'sandbox_account_topped_up',
    ]);
  });

  it('refuses a live merchant, and anyone but an operator', async () => {
    const live = await addMerchant(kit.app, kit.asset, 'http');
    const response = await operator.browser.get(`/api/operator/merchants/${live}/sandbox-accounts`);
    expect(response.json()).toMatchObject({ error: { code: 'MERCHANT_NOT_SANDBOX' } });
    const client = await kit.person();
    const forbidden = await client.browser.get(
      `/api/operator/merchants/${kit.merchantId}/sandbox-accounts`,
    );
    expect(forbidden.statusCode).toBe(403);
  });
});

describe('with SANDBOX_MERCHANTS off', () => {
  let off: MoneyKit;
  beforeAll(async () => {
    off = await moneyKit({ config: { sandboxMerchants: false } });
  });
  afterAll(() => off.close());

  it('has no route, hides sandbox merchants and refuses to verify their accounts', async () => {
    const owner = await off.person();
    const response = await owner.browser.post('/api/sandbox/accounts', {
      merchantId: off.merchantId,
    });
    expect(response.statusCode).toBe(404);
    expect((await owner.browser.get('/api/sandbox/accounts')).statusCode).toBe(404);
    const listed = (await owner.browser.get('/api/merchants')).json<MerchantList>();
    expect(listed.items.some((merchant) => merchant.id === off.merchantId)).toBe(false);
    expect(listed.items.every((merchant) => !merchant.sandbox)).toBe(true);
    const verify = await owner.browser.post('/api/accounts/verify', {
      merchantId: off.merchantId,
      accountNumber: 'SBX-0000-0000',
      password: 'whatever',
    });
    expect(verify.json()).toMatchObject({ error: { code: 'MERCHANT_NOT_AVAILABLE' } });
  });
});
