import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appSettings } from '@server/db/schema';
import type { App } from '@server/lib/zod-routes';
import { quoteSigner } from '@server/modules/rates/quotes';
import { openDatabase } from '@server/db/client';
import { buildTestApp, makeTempDir } from '@test/helpers';

/**
 * One key per purpose, derived from the master key, none stored (docs/SECURITY.md "Keys"). The
 * attack run found the anti-forgery secret, which also keyed the rate quotes, in plain text in
 * app_settings: a copy of the database could forge both.
 */
let app: App;
beforeAll(async () => {
  app = await buildTestApp();
  await app.ready();
});
afterAll(() => app.close());

describe('derived keys', () => {
  it('are 32 bytes, one per purpose, and the same each time', () => {
    const antiForgery = app.keyFor('anti-forgery');
    const quotes = app.keyFor('rate-quotes');
    expect(antiForgery).toHaveLength(32);
    expect(quotes).toHaveLength(32);
    expect(antiForgery.equals(quotes)).toBe(false);
    expect(app.keyFor('rate-quotes').equals(quotes)).toBe(true);
  });

  it('keep no secret in the database, and drop the one an older version kept', async () => {
    const dir = await makeTempDir('derived-keys');
    const target = { driver: 'pglite', dataDir: dir.path } as const;
    try {
      const before = await buildTestApp({}, { database: await openDatabase(target) });
      await before.ready();
      // What an older version left behind.
      await before.db.insert(appSettings).values({ key: 'csrf_secret', value: 'plain-text' });
      await before.close();
      const after = await buildTestApp({}, { database: await openDatabase(target) });
      try {
        await after.ready();
        const rows = await after.db.select().from(appSettings);
        expect(rows.map((row) => row.key)).not.toContain('csrf_secret');
        expect(JSON.stringify(rows)).not.toContain('plain-text');
      } finally {
        await after.close();
      }
    } finally {
      await dir.remove();
    }
  });

  it('a quote signed with another purpose’s key is refused', () => {
    const rate = {
      id: '6f1c2b9e-0000-4000-8000-000000000001',
      asset: 'USDT',
      buyRateKrw: '1392.50',
      sellRateKrw: '1381.00',
    } as Parameters<ReturnType<typeof quoteSigner>['issue']>[0];
    const now = new Date();
    const forged = quoteSigner(app.keyFor('anti-forgery'), 120).issue(rate, 'buy', now);
    expect(() => quoteSigner(app.keyFor('rate-quotes'), 120).verify(forged.token, now)).toThrow();
  });
});
