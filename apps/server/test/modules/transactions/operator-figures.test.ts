import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperatorFigures } from '@portal/contract/operator-workbench';
import { deposits } from '@server/db/schema';
import type { App } from '@server/lib/zod-routes';
import { operatorFigures } from '@server/modules/transactions/operator-figures';
import { buildTestApp } from '@test/helpers';
import { addBuy, makeMerchant, makeUser, person } from '../agency-clients/agency-clients-kit';

/**
 * Today's figures (docs/decisions/021) on a Korea day of their own far ahead (2031-05-05), so the
 * day's counts are this test's rows alone; what waits now is compared before and after.
 */
let app: App;
beforeAll(async () => {
  app = await buildTestApp();
  await app.ready();
});
afterAll(() => app.close());

const NOW = new Date('2031-05-05T05:00:00Z'); // 14:00 KST on 2031-05-05

describe('operator figures', () => {
  it('counts today’s requests, won, completions and deposits in Korea’s day', async () => {
    const before = await operatorFigures(app.db, NOW);
    expect(before.day).toBe('2031-05-05');
    const owner = await makeUser(app);
    const merchant = await makeMerchant(app);
    // 00:10 KST today, 23:50 KST yesterday (another day), a cancelled one (no volume).
    await addBuy(app, owner.id, merchant, 10_000, 'Pending', new Date('2031-05-04T15:10:00Z'));
    await addBuy(app, owner.id, merchant, 20_000, 'Completed', new Date('2031-05-05T01:00:00Z'));
    await addBuy(app, owner.id, merchant, 99_000, 'Pending', new Date('2031-05-04T14:50:00Z'));
    await addBuy(app, owner.id, merchant, 7_000, 'Cancelled', new Date('2031-05-05T02:00:00Z'));
    await app.db.insert(deposits).values({
      bankReference: `FIG-${randomBytes(6).toString('hex')}`,
      depositorName: 'Someone',
      amountKrw: '5000',
      receivedAt: new Date('2031-05-05T03:00:00Z'),
      source: 'manual',
      status: 'review',
      reviewReason: 'no_prior_request',
    });
    const after = await operatorFigures(app.db, NOW);
    expect(after.buys.count - before.buys.count).toBe(2);
    expect(Number(after.buys.totalKrw) - Number(before.buys.totalKrw)).toBe(30_000);
    expect(after.sells.count - before.sells.count).toBe(0);
    expect(Number(after.completedKrw) - Number(before.completedKrw)).toBe(20_000);
    // The completed buy's own deposit (received 10:00 KST) and the one under review.
    expect(after.depositsReceived.count - before.depositsReceived.count).toBe(2);
    expect(Number(after.depositsReceived.totalKrw) - Number(before.depositsReceived.totalKrw)).toBe(
      25_000,
    );
    expect(after.depositsInReview - before.depositsInReview).toBe(1);
    expect(after.buysWaiting - before.buysWaiting).toBe(2);
  });

  it('GET /api/operator/figures answers operators only', async () => {
    const operator = await person(app, 'operator');
    const response = await operator.browser.get('/api/operator/figures');
    expect(response.statusCode, response.body).toBe(200);
    const figures = response.json<OperatorFigures>();
    expect(figures.day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const client = await person(app, 'client');
    expect((await client.browser.get('/api/operator/figures')).statusCode).toBe(403);
  });
});
