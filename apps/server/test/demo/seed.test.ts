import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@server/db/client';
import { appSettings } from '@server/db/schema';
import { DEMO_SEEDED_AT, seedDemoData } from '@server/demo/seed';
import { openTemplatePglite } from '../pglite-template';

// Always on a database of its own: the marker is one row per database, and a shared real
// database may already have it.
describe('seedDemoData', () => {
  let database: DatabaseHandle;
  afterEach(() => database.close());

  it('seeds once and records when', async () => {
    database = await openTemplatePglite();
    const before = Date.now();
    expect(await seedDemoData(database.db)).toBe(true);
    expect(await seedDemoData(database.db)).toBe(false);

    const marks = await database.db
      .select()
      .from(appSettings)
      .where(eq(appSettings.key, DEMO_SEEDED_AT));
    expect(marks).toHaveLength(1);
    expect(Date.parse(String(marks[0]?.value))).toBeGreaterThanOrEqual(before - 1000);
  });
});
