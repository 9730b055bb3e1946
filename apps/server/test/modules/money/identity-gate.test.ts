import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kycDocuments } from '@server/db/schema';
import { markIdentityVerified } from '@test/identity';
import { moneyKit, uniqueAmount, type MoneyKit } from './money-test-kit';

/** Money waits for a verified identity: the four documents approved (docs/decisions/010). */
let kit: MoneyKit;
beforeAll(async () => {
  kit = await moneyKit({ config: { logLevel: 'error' } });
});
afterAll(() => kit.close());

describe('verified identity gates money', () => {
  it('an unverified user gets 403 KYC_REQUIRED for a buy and a sell, and nothing is written', async () => {
    const owner = await kit.person();
    const account = await kit.account(owner);
    // The kit verifies everyone; this one has documents still waiting.
    await kit.app.db
      .update(kycDocuments)
      .set({ status: 'submitted', reviewedAt: null })
      .where(eq(kycDocuments.userId, owner.id));
    for (const side of ['buy', 'sell'] as const) {
      const refused = await kit.request(owner, side, account.id, uniqueAmount());
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json()).toMatchObject({
        error: {
          code: 'KYC_REQUIRED',
          message: 'Verification is required before you can buy or sell.',
        },
      });
    }
    const mine = (await owner.browser.get('/api/transactions')).json<{ total: number }>();
    expect(mine.total).toBe(0);

    await kit.app.db.delete(kycDocuments).where(eq(kycDocuments.userId, owner.id));
    await markIdentityVerified(kit.app, owner.id);
    const made = await kit.request(owner, 'buy', account.id, uniqueAmount());
    expect(made.statusCode, made.body).toBe(201);
  });
});
