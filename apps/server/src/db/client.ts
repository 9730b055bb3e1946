import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzleNodePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite, type PgliteDatabase } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;

/** What both drivers' raw results (`db.execute`) have in common: the rows. */
export interface QueryResultHKT extends PgQueryResultHKT {
  readonly type: QueryRows<this['row']>;
}

interface QueryRows<Row> {
  rows: Row[];
}

/**
 * What repositories take. Both drivers produce a `PgDatabase` over the same schema, so code
 * written against this type runs unchanged on embedded PGlite and on a real PostgreSQL server.
 * Only what both support is visible: `db.execute()` results have `rows` and nothing else, and
 * there is no `$client`.
 */
export type Database = PgDatabase<QueryResultHKT, Schema>;

/** Where the data lives. `dataDir: null` keeps an embedded database in memory (tests). */
export type DatabaseTarget =
  { driver: 'postgres'; url: string } | { driver: 'pglite'; dataDir: string | null };

/** The driver-specific side, for the few places that need it (migrations, closing). */
export type DatabaseConnection =
  | { driver: 'pglite'; client: PGlite; db: PgliteDatabase<Schema> }
  | { driver: 'postgres'; pool: pg.Pool; db: NodePgDatabase<Schema> };

export interface DatabaseHandle {
  readonly db: Database;
  readonly connection: DatabaseConnection;
  /** Closes the embedded database or ends the pool. Safe to call more than once. */
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** Errors of pooled connections, idle or checked out (server restarts, network drops).
   * Without a listener node-postgres would crash the process on them; a later query simply
   * reconnects. */
  onIdleError?: (error: Error) => void;
}

/**
 * The extensions the migrations create (pg_trgm, migration 0019, docs/decisions/029). PostgreSQL
 * has them installed; PGlite loads an extension only when it is given here, so every embedded
 * database (server, tests, tools) is created with this.
 */
export const PGLITE_EXTENSIONS = { pg_trgm };

export async function openDatabase(
  target: DatabaseTarget,
  options: OpenDatabaseOptions = {},
): Promise<DatabaseHandle> {
  if (target.driver === 'postgres') return poolDatabase(target.url, options);
  const pglite = { extensions: PGLITE_EXTENSIONS };
  if (target.dataDir === null) return pgliteDatabase(await PGlite.create(pglite));
  await mkdir(target.dataDir, { recursive: true });
  return pgliteDatabase(await PGlite.create(target.dataDir, pglite));
}

/** A handle over an embedded database created elsewhere (tests load prepared data dirs). */
export function pgliteDatabase(client: PGlite): DatabaseHandle {
  return handleOf({ driver: 'pglite', client, db: drizzlePglite({ client, schema }) });
}

/** The primary's pool as PostgreSQL sees it (`pg_stat_activity.application_name`). */
export const PRIMARY_APPLICATION_NAME = 'portal-server';

function poolDatabase(url: string, options: OpenDatabaseOptions): DatabaseHandle {
  // Fail a request quickly when the server is unreachable instead of queueing it forever;
  // /api/ready then reports the database as unavailable.
  const pool = newPool(url, PRIMARY_APPLICATION_NAME, 5_000, options);
  return handleOf({ driver: 'postgres', pool, db: drizzleNodePg({ client: pool, schema }) });
}

/** A node-postgres pool whose connection errors are reported, never left to crash the process. */
export function newPool(
  url: string,
  applicationName: string,
  connectionTimeoutMillis: number,
  options: OpenDatabaseOptions,
): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    application_name: applicationName,
    connectionTimeoutMillis,
  });
  pool.on('error', (error) => options.onIdleError?.(error));
  // The pool listens for errors only while a connection is idle. One checked out (a transaction
  // between its queries) that loses the server (PostgreSQL restarting, network cut) emits
  // 'error' with no listener, which would crash the whole process; its queries fail anyway and
  // the pool drops it on release, so the error only needs a listener.
  pool.on('connect', (client) => client.on('error', (error) => options.onIdleError?.(error)));
  return pool;
}

function handleOf(connection: DatabaseConnection): DatabaseHandle {
  let closing: Promise<void> | undefined;
  return {
    db: connection.db,
    connection,
    close() {
      closing ??=
        connection.driver === 'pglite' ? connection.client.close() : connection.pool.end();
      return closing;
    },
  };
}

/** Real PostgreSQL when a URL is configured, otherwise the embedded database in its folder. */
export function databaseTargetFor(config: {
  databaseUrl: string | undefined;
  pgliteDir: string;
}): DatabaseTarget {
  return config.databaseUrl
    ? { driver: 'postgres', url: config.databaseUrl }
    : { driver: 'pglite', dataDir: config.pgliteDir };
}
