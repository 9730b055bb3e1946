import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@server/app';
import { appSettings } from '@server/db/schema';
import { DEMO_SEEDED_AT } from '@server/demo/seed';
import type { App } from '@server/lib/zod-routes';
import { MIGRATIONS_FOLDER } from '@server/paths';
import { TEST_DATABASE_URL, testConfig } from '../helpers';

/**
 * Runs when DATABASE_URL points at a PostgreSQL server. It works in a database of its own,
 * created and dropped here, so that it really starts from an empty schema and leaves nothing
 * behind in the shared test database.
 */
describe.runIf(TEST_DATABASE_URL)('server starts and migrates on the real PostgreSQL', () => {
  const serverUrl = TEST_DATABASE_URL ?? 'postgres://skipped';
  const name = `portal_test_${process.pid}_${Date.now()}`;
  const url = Object.assign(new URL(serverUrl), { pathname: `/${name}` }).toString();
  const apps: App[] = [];

  beforeAll(async () => {
    await adminQuery(serverUrl, `create database "${name}"`);
  });
  afterAll(async () => {
    await Promise.allSettled(apps.map((app) => app.close()));
    await adminQuery(serverUrl, `drop database if exists "${name}" with (force)`);
  });

  it('migrates once when two instances start at the same time, and seeds demo data once', async () => {
    const config = testConfig({ databaseUrl: url, demoData: true });
    const [first, second] = [buildApp(config), buildApp(config)];
    apps.push(first, second);
    await Promise.all([first.ready(), second.ready()]);

    const journal = JSON.parse(
      await readFile(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8'),
    ) as {
      entries: unknown[];
    };
    const applied = await first.db.execute<{ count: number }>(
      sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
    );
    expect(applied.rows[0]?.count).toBe(journal.entries.length);

    const marks = await first.db
      .select()
      .from(appSettings)
      .where(eq(appSettings.key, DEMO_SEEDED_AT));
    expect(marks).toHaveLength(1);

    for (const app of [first, second]) {
      const response = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(response.json()).toEqual({ status: 'ready' });
    }
  });

  it('sees the same data from every instance', async () => {
    const [first, second] = apps as [App, App];
    await first.db.insert(appSettings).values({ key: 'shared', value: [1, 2, 3] });
    const [row] = await second.db.select().from(appSettings).where(eq(appSettings.key, 'shared'));
    expect(row?.value).toEqual([1, 2, 3]);
  });

  it('migrates nothing again on a restart', async () => {
    const again = buildApp(testConfig({ databaseUrl: url }));
    apps.push(again);
    await again.ready();
    const response = await again.inject({ method: 'GET', url: '/api/ready' });
    expect(response.statusCode).toBe(200);
  });
});

async function adminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
