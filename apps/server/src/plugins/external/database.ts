import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  databaseTargetFor,
  openDatabase,
  type Database,
  type DatabaseConnection,
  type DatabaseHandle,
  type DatabaseTarget,
} from '@server/db/client';
import { migrateDatabase } from '@server/db/migrate';
import { openReadReplica, type ReadReplica } from '@server/db/replica';

declare module 'fastify' {
  interface FastifyInstance {
    /** The Drizzle database; repositories take it as their one dependency. */
    db: Database;
    /** The driver underneath, for the few things Drizzle does not do (LISTEN). */
    dbConnection: DatabaseConnection;
    /** DATABASE_REPLICA_URL's replica, if any; reads reach it through `request.readDb`
     * (plugins/app/read-routing.ts, docs/decisions/031). */
    readReplica: ReadReplica | undefined;
  }
}

export interface DatabasePluginOptions {
  /** An already opened database (tests). The app takes it over and closes it on close. */
  database?: DatabaseHandle;
}

/**
 * Opens the database chosen by the configuration, brings its schema up to date and closes it
 * when the app closes. The app is not ready until migrations have run, so no request ever sees
 * an old schema.
 */
export default fp<DatabasePluginOptions>(
  async (app, options) => {
    const target = databaseTargetFor(app.config);
    const handle =
      options.database ??
      (await openDatabase(target, {
        onIdleError: (error) => app.log.warn({ err: error }, 'a database connection failed'),
      }));
    // Registered before migrating, so that a failed start still releases the database.
    app.addHook('onClose', async () => {
      await handle.close();
      app.log.info('database closed');
    });

    await migrateDatabase(handle);
    app.log.info({ database: options.database ? 'provided' : describe(target) }, 'database ready');
    app.decorate('db', handle.db);
    app.decorate('dbConnection', { getter: () => handle.connection });
    app.decorate('readReplica', await replicaOf(app, handle));
  },
  { name: 'database' },
);

/**
 * The replica, measured once before the app is ready (so its first reads already know whether
 * it is usable). The embedded database has none: there every read goes to the one database.
 */
async function replicaOf(
  app: FastifyInstance,
  handle: DatabaseHandle,
): Promise<ReadReplica | undefined> {
  const url = app.config.databaseReplicaUrl;
  if (!url) return undefined;
  if (handle.connection.driver !== 'postgres') {
    app.log.warn('DATABASE_REPLICA_URL is ignored on the embedded database');
    return undefined;
  }
  const replica = openReadReplica(url, {
    primary: handle.connection.pool,
    maxLagSeconds: app.config.readYourWritesSeconds,
    onIdleError: (error) => app.log.warn({ err: error }, 'a replica connection failed'),
    onChange: (usable, reason) =>
      usable
        ? app.log.info({ reason }, 'reads go to the replica')
        : app.log.warn({ reason }, 'reads go to the primary'),
  });
  app.addHook('onClose', () => replica.close());
  const usable = await replica.check();
  app.log.info({ replica: describe({ driver: 'postgres', url }), usable }, 'read replica');
  return replica;
}

/** Where the data is, for the log, without credentials. */
function describe(target: DatabaseTarget): string {
  if (target.driver === 'pglite') return `embedded PostgreSQL in ${target.dataDir ?? 'memory'}`;
  const url = new URL(target.url);
  return `PostgreSQL at ${url.host}${url.pathname}`;
}
