import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MERCHANT_CALL_TIMEOUT_MS } from '@server/modules/merchants/adapter';
import {
  RIGHT_PASSWORD,
  accountsTestKit,
  fakeMerchant,
  type AccountsTestKit,
} from './accounts-test-kit';

describe('a merchant that never answers', () => {
  let kit: AccountsTestKit;

  beforeAll(async () => {
    kit = await accountsTestKit();
  });
  afterAll(() => kit.close());

  it('gets 503 MERCHANT_UNAVAILABLE at the default deadline, not a hang', async () => {
    expect(kit.app.merchantAdapters.timeoutMs).toBe(MERCHANT_CALL_TIMEOUT_MS);
    const merchant = await kit.merchant();
    const person = await kit.person();
    kit.adapter = { ...fakeMerchant(), verifyAccount: () => new Promise<never>(() => {}) };
    const started = Date.now();
    const response = await person.browser.post('/api/accounts/verify', {
      merchantId: merchant.id,
      accountNumber: 'SLOW-1',
      password: RIGHT_PASSWORD,
    });
    const took = Date.now() - started;
    expect(response.statusCode).toBe(503);
    expect(response.json().error.code).toBe('MERCHANT_UNAVAILABLE');
    // It waited for the deadline (and answered: a hang would have failed the test by its own
    // timeout); how much longer a busy machine took is not this test's business.
    expect(took).toBeGreaterThanOrEqual(MERCHANT_CALL_TIMEOUT_MS - 50);
  });
});
