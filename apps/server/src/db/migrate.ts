import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type pg from 'pg';
import { MIGRATIONS_FOLDER } from '@server/paths';
import type { DatabaseHandle } from './client';

/**
 * Key of the session-level advisory lock held while migrating. Any fixed 64-bit number works as
 * long as nothing else in the database uses it; this one is "portal" in ASCII (0x706f7274616c).
 */
const MIGRATION_LOCK_KEY = '123623963910508';

/** Applies every pending migration in apps/server/drizzle/. Safe to run at every start. */
export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  const { connection } = handle;
  if (connection.driver === 'pglite') {
    // One process owns an embedded database, so there is nobody to race with.
    await migratePglite(connection.db, { migrationsFolder: MIGRATIONS_FOLDER });
    return;
  }
  // Several instances may start at once against one server. Drizzle's migrator is not safe to
  // run concurrently (both would create its bookkeeping table and apply the same files), so the
  // instances take turns: the first migrates, the others then find nothing left to do.
  await withAdvisoryLock(connection.pool, async (client) => {
    await migrateNodePg(drizzleNodePg({ client }), { migrationsFolder: MIGRATIONS_FOLDER });
  });
}

async function withAdvisoryLock(
  pool: pg.Pool,
  work: (client: pg.PoolClient) => Promise<void>,
): Promise<void> {
  // The lock belongs to a session, so lock, migrate and unlock must use one connection.
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await work(client);
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } catch (error) {
    broken = error instanceof Error ? error : new Error(String(error));
    throw error;
  } finally {
    // A connection that failed mid-way may still hold the lock; destroying it releases the lock
    // on the server instead of handing a locked session back to the pool.
    client.release(broken);
  }
}
