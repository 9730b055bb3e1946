import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payeeAccounts, totpCredentials } from '@server/db/schema';
import { giveTwoFactor } from '@test/two-factor';
import { moneyKit, uniqueAmount, type MoneyKit } from './money-test-kit';

/**
 * Money out waits for two-factor sign-in (docs/decisions/026): a sell and the payout account are
 * refused 403 TWO_FACTOR_REQUIRED, with nothing written, until the user has an authenticator app;
 * a buy is not.
 */
let kit: MoneyKit;
beforeAll(async () => {
  kit = await moneyKit({ config: { logLevel: 'error' } });
});
afterAll(() => kit.close());

const refusal = {
  error: {
    code: 'TWO_FACTOR_REQUIRED',
    message:
      'Turn on two-factor sign-in on your Profile first: selling and the payout account need it.',
  },
};

describe('two-factor gates money out', () => {
  it('a client without the app cannot sell or set the payout account; a buy goes through', async () => {
    const owner = await kit.person();
    const account = await kit.account(owner);
    // The kit gives everyone two-factor; this one has none.
    await kit.app.db.delete(totpCredentials).where(eq(totpCredentials.userId, owner.id));
    const payeeBefore = await kit.app.db
      .select()
      .from(payeeAccounts)
      .where(eq(payeeAccounts.userId, owner.id));

    const sell = await kit.request(owner, 'sell', account.id, '7.5');
    expect(sell.statusCode, sell.body).toBe(403);
    expect(sell.json()).toMatchObject(refusal);
    const payee = await owner.browser.put('/api/payee', {
      bankCode: '088',
      accountNumber: '110-123-456789',
    });
    expect(payee.statusCode, payee.body).toBe(403);
    expect(payee.json()).toMatchObject(refusal);

    const mine = (await owner.browser.get('/api/transactions')).json<{ total: number }>();
    expect(mine.total).toBe(0);
    const payeeAfter = await kit.app.db
      .select()
      .from(payeeAccounts)
      .where(eq(payeeAccounts.userId, owner.id));
    expect(payeeAfter).toEqual(payeeBefore);

    const buy = await kit.request(owner, 'buy', account.id, uniqueAmount());
    expect(buy.statusCode, buy.body).toBe(201);

    await giveTwoFactor(kit.app, owner.id, owner.email);
    const sold = await kit.request(owner, 'sell', account.id, '7.5');
    expect(sold.statusCode, sold.body).toBe(201);
    const changed = await owner.browser.put('/api/payee', {
      bankCode: '088',
      accountNumber: '110-123-456789',
    });
    expect(changed.statusCode, changed.body).toBe(200);
  });
});
