import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Database } from '@server/db/client';
import * as schema from '@server/db/schema';
import type { Query } from './load';

/**
 * Runs a repository function once against the bench database with a Drizzle instance that
 * records every statement it sends: the exact SQL and parameters the endpoint sends, for the
 * `pg` floor. Nothing is rewritten by hand, so the floor follows any change to the queries.
 */
export async function captureStatements(
  databaseUrl: string,
  run: (db: Database) => Promise<unknown>,
): Promise<Query[]> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  const statements: Query[] = [];
  const db = drizzle({
    client: pool,
    schema,
    logger: { logQuery: (text, params) => statements.push({ text, params }) },
  });
  try {
    await run(db as unknown as Database);
  } finally {
    await pool.end();
  }
  return statements;
}
