import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '@server/app';
import { appSettings } from '@server/db/schema';
import { DEMO_SEEDED_AT } from '@server/demo/seed';
import { makeTempDir, testConfig } from '../helpers';

describe('server starts and migrates on PGlite', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('creates the database in DATA_DIR/pglite, and keeps data across restarts', async () => {
    const dataDir = await makeTempDir('data');
    cleanups.push(dataDir.remove);
    const config = testConfig({
      databaseUrl: undefined,
      dataDir: dataDir.path,
      pgliteDir: join(dataDir.path, 'pglite'),
      demoData: true,
      port: 0,
    });

    const first = buildApp(config);
    const origin = await first.listen({ port: 0, host: '127.0.0.1' });
    const ready = await fetch(`${origin}/api/ready`);
    expect(ready.status).toBe(200);
    expect(existsSync(join(dataDir.path, 'pglite', 'PG_VERSION'))).toBe(true);

    // Raw results have the same shape on both drivers.
    const raw = await first.db.execute<{ one: number }>(sql`select 1::int as one`);
    expect(raw.rows).toEqual([{ one: 1 }]);

    await first.db.insert(appSettings).values({ key: 'test_marker', value: { kept: true } });
    const [seeded] = await first.db
      .select()
      .from(appSettings)
      .where(eq(appSettings.key, DEMO_SEEDED_AT));
    expect(seeded).toBeDefined();
    await first.close();

    const second = buildApp(config);
    cleanups.push(() => second.close());
    await second.ready();
    const rows = await second.db.select().from(appSettings);
    expect(rows.find((row) => row.key === 'test_marker')?.value).toEqual({ kept: true });
    // Demo data is seeded once, not at every start.
    expect(rows.find((row) => row.key === DEMO_SEEDED_AT)).toEqual(seeded);
  });
});
