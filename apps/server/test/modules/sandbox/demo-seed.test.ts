import { inArray } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@server/db/client';
import { merchants, sandboxMerchantAccounts, users } from '@server/db/schema';
import { DEMO_MERCHANTS } from '@server/demo/merchants';
import { seedDemoData } from '@server/demo/seed';
import { openTemplatePglite } from '@test/pglite-template';

const DEMO_CODES = DEMO_MERCHANTS.map((merchant) => merchant.code);

// Always on an embedded database of its own: the demo marker is one row per database.
describe('demo data with SANDBOX_MERCHANTS', () => {
  let database: DatabaseHandle;
  afterEach(() => database.close());

  it('off: seeds the people but none of the demo (sandbox) merchants', async () => {
    database = await openTemplatePglite();
    expect(await seedDemoData(database.db, { sandboxMerchants: false })).toBe(true);
    expect((await database.db.select().from(users)).length).toBeGreaterThan(0);
    expect(
      await database.db.select().from(merchants).where(inArray(merchants.code, DEMO_CODES)),
    ).toEqual([]);
    expect(await database.db.select().from(sandboxMerchantAccounts)).toEqual([]);
  });

  it('on (the default): seeds the demo merchants', async () => {
    database = await openTemplatePglite();
    await seedDemoData(database.db);
    const seeded = await database.db
      .select({ code: merchants.code })
      .from(merchants)
      .where(inArray(merchants.code, DEMO_CODES));
    expect(seeded).toHaveLength(DEMO_CODES.length);
  });
});
