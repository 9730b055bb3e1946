import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperatorVolume } from '@portal/contract/operator-workbench';
import type { App } from '@server/lib/zod-routes';
import { DIRECT_SERIES, operatorVolume } from '@server/modules/transactions/operator-volume';
import { buildTestApp } from '@test/helpers';
import { addBuy, makeMerchant, makeUser, person } from '../agency-clients/agency-clients-kit';
import { makeAgency } from './workbench-kit';

/**
 * Daily volume per agency and per merchant (docs/decisions/021), on Korea days of their own far
 * ahead (2032-07-xx), so the figures compared are this test's rows.
 */
let app: App;
beforeAll(async () => {
  app = await buildTestApp();
  await app.ready();
});
afterAll(() => app.close());

const NOW = new Date('2032-07-10T03:00:00Z'); // 12:00 KST on 2032-07-10

describe('operator volume', () => {
  it('adds up completed won per Korea day, per agency and per merchant', async () => {
    const agency = await makeAgency(app);
    const client = await makeUser(app, { agencyId: agency.id });
    const merchant = await makeMerchant(app);
    // 00:30 KST on 07-10 (yesterday in UTC), twice 07-09, one pending (not completed).
    await addBuy(app, client.id, merchant, 40_000, 'Completed', new Date('2032-07-09T15:30:00Z'));
    await addBuy(app, client.id, merchant, 10_000, 'Completed', new Date('2032-07-09T01:00:00Z'));
    await addBuy(app, client.id, merchant, 5_000, 'Completed', new Date('2032-07-09T02:00:00Z'));
    await addBuy(app, client.id, merchant, 99_000, 'Pending', new Date('2032-07-10T01:00:00Z'));
    const byAgency = await operatorVolume(app.db, 'agency', 3, NOW);
    expect(byAgency.from).toBe('2032-07-08');
    expect(byAgency.to).toBe('2032-07-10');
    expect(byAgency.days.map((d) => d.day)).toEqual(['2032-07-08', '2032-07-09', '2032-07-10']);
    expect(byAgency.series).toContainEqual({ key: agency.id, name: agency.name });
    expect(byAgency.days.map((d) => d.krw[agency.id])).toEqual(['0', '15000', '40000']);
    const byMerchant = await operatorVolume(app.db, 'merchant', 3, NOW);
    expect(byMerchant.series).toContainEqual({ key: merchant.id, name: merchant.name });
    expect(byMerchant.days.map((d) => d.krw[merchant.id])).toEqual(['0', '15000', '40000']);
  });

  it('names a client of no agency as the direct series', async () => {
    const client = await makeUser(app);
    const merchant = await makeMerchant(app);
    await addBuy(app, client.id, merchant, 7_000, 'Completed', new Date('2032-07-10T00:00:00Z'));
    const volume = await operatorVolume(app.db, 'agency', 1, NOW);
    expect(volume.series).toContainEqual({ key: DIRECT_SERIES, name: null });
    expect(Number(volume.days[0]!.krw[DIRECT_SERIES])).toBeGreaterThanOrEqual(7_000);
  });

  it('GET /api/operator/volume answers operators, refuses bad input and other roles', async () => {
    const operator = await person(app, 'operator');
    const response = await operator.browser.get('/api/operator/volume?by=merchant&days=30');
    expect(response.statusCode, response.body).toBe(200);
    const volume = response.json<OperatorVolume>();
    expect(volume.by).toBe('merchant');
    expect(volume.days).toHaveLength(30);
    expect((await operator.browser.get('/api/operator/volume')).json<OperatorVolume>().by).toBe(
      'agency',
    );
    for (const query of ['by=user', 'days=0', 'days=91', 'days=ten', 'colour=red']) {
      const bad = await operator.browser.get(`/api/operator/volume?${query}`);
      expect(bad.statusCode, query).toBe(400);
      expect(bad.json().error.code).toBe('VALIDATION_FAILED');
    }
    const client = await person(app, 'client');
    const agencyUser = await person(app, 'agency', (await makeAgency(app)).id);
    for (const someone of [client, agencyUser]) {
      expect((await someone.browser.get('/api/operator/volume')).statusCode).toBe(403);
    }
  });
});
