import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp, type AppDependencies } from '@server/app';
import { loadConfig, type Config } from '@server/config';
import { openDatabase, type DatabaseHandle } from '@server/db/client';
import { memoryMailer, type MailMessage, type MemoryMailer } from '@server/lib/mail/mailer';
import type { App } from '@server/lib/zod-routes';
import pg from 'pg';
import { openTemplatePglite } from './pglite-template';

/**
 * Tests run against embedded PostgreSQL in memory by default, and against a real server when
 * DATABASE_URL is set (CI does both). Tests that share a real database must create their own
 * rows and clean them up, since other test files run against the same tables at the same time.
 */
export const TEST_DATABASE_URL = process.env.DATABASE_URL || undefined;

/** A folder that never exists: tests run without a web build unless they make one. */
const NO_WEB_BUILD = fileURLToPath(new URL('./no-web-dist-in-tests', import.meta.url));

/** The configuration of a test app: quiet, no demo data, no web build, test database. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DEMO_DATA: 'false',
    DATABASE_URL: TEST_DATABASE_URL,
    DATA_DIR: join(tmpdir(), 'portal-server-tests-unused'),
    WEB_DIST_DIR: NO_WEB_BUILD,
    BACKGROUND_JOBS: 'false',
  });
  return { ...config, ...overrides };
}

/** A fresh in-memory embedded database (already migrated), or a new pool on DATABASE_URL (or
 * on `url`, a database of the test's own: `ownPostgresDatabase`). */
export function openTestDatabase(url = TEST_DATABASE_URL): Promise<DatabaseHandle> {
  return url ? openDatabase({ driver: 'postgres', url }) : openTemplatePglite();
}

/**
 * With DATABASE_URL, a new empty database on the same server for one test file, for tests of
 * work that reads the whole of a table other files write at the same time (the transaction
 * mails' outbox); without it, undefined (each embedded database is the file's own already).
 * `drop()` removes it.
 */
export async function ownPostgresDatabase(): Promise<
  { url: string; drop: () => Promise<void> } | undefined
> {
  if (!TEST_DATABASE_URL) return undefined;
  const server = TEST_DATABASE_URL;
  const name = `portal_own_${process.pid}_${Date.now()}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: server });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database "${name}"`);
  return {
    url: Object.assign(new URL(server), { pathname: `/${name}` }).toString(),
    drop: () => admin(`drop database if exists "${name}" with (force)`),
  };
}

/**
 * An app on the test database. It is not ready yet, so a test can still add routes; `inject`
 * readies it (migrating the database if needed). Always `await app.close()` it, which also
 * closes its database.
 *
 *   const app = await buildTestApp();
 *   afterAll(() => app.close());
 *   const response = await app.inject({ method: 'GET', url: '/api/health' });
 */
export async function buildTestApp(
  overrides: Partial<Config> = {},
  dependencies: AppDependencies = {},
  /** Runs right after the app is built, before it starts loading plugins (onRoute hooks). */
  prepare?: (app: App) => void,
): Promise<App> {
  const database = dependencies.database ?? (await openTestDatabase(overrides.databaseUrl));
  // Mail stays in memory (`mailOf`) unless the test says where it goes: a real SMTP server or a
  // mail folder of its own, so no test writes mail to disk by accident.
  const mailer =
    dependencies.mailer ??
    (overrides.smtpUrl === undefined && overrides.mailDir === undefined
      ? memoryMailer()
      : undefined);
  const app = buildApp(testConfig(overrides), { ...dependencies, database, mailer });
  prepare?.(app);
  return app;
}

/** The mail an app built by `buildTestApp` has sent so far (kept in memory). */
export function mailOf(app: App): MailMessage[] {
  return (app.mailer as MemoryMailer).sent;
}

/** A temporary folder, removed by the returned function. */
export async function makeTempDir(
  prefix: string,
): Promise<{ path: string; remove: () => Promise<void> }> {
  const path = await mkdtemp(join(tmpdir(), `portal-${prefix}-`));
  return { path, remove: () => rm(path, { recursive: true, force: true }) };
}

/**
 * Two apps on one database, as two server instances: two pools on DATABASE_URL, or one embedded
 * database shared. Both are ready; close both.
 */
export async function buildTwoTestApps(overrides: Partial<Config> = {}): Promise<[App, App]> {
  const database = TEST_DATABASE_URL ? undefined : await openTemplatePglite();
  const first = await buildTestApp(overrides, { database });
  const second = await buildTestApp(overrides, { database });
  await first.ready();
  await second.ready();
  return [first, second];
}
