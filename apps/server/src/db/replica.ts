import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { newPool, type Database, type OpenDatabaseOptions } from './client';
import * as schema from './schema';

/** The replica's pool as PostgreSQL sees it (`pg_stat_activity.application_name`). */
export const REPLICA_APPLICATION_NAME = 'portal-server-replica';

/** How often the replica's lag is measured. */
const CHECK_EVERY_MS = 1_000;

/**
 * A streaming replica that lists, searches, exports and dashboards read from
 * (docs/decisions/031-read-replica.md). It is used only while the last check found it answering
 * and at most `maxLagSeconds` behind; a query the replica cannot answer (down, restarting, a
 * conflict with recovery) runs again on the primary, so a replica that fails between two checks
 * costs a slower read, never a failed one.
 */
export interface ReadReplica {
  /** The replica's database. Reads only: it refuses writes, and has no transactions here. */
  readonly db: Database;
  /** Whether reads may go to the replica now. */
  readonly usable: boolean;
  /** Measures the replica now (it also does every second by itself); resolves to `usable`. */
  check(): Promise<boolean>;
  close(): Promise<void>;
}

export interface ReadReplicaOptions extends OpenDatabaseOptions {
  /** The most the replica may be behind the primary (READ_YOUR_WRITES_SECONDS). */
  maxLagSeconds: number;
  /** Where failed queries run again. */
  primary: pg.Pool;
  /** Told when the replica becomes usable or stops being so, and why. */
  onChange?: (usable: boolean, reason: string) => void;
}

interface LagRow {
  inRecovery: boolean;
  streaming: boolean;
  caughtUp: boolean | null;
  replayAgeSeconds: number | null;
}

// A standby with nothing left to replay is current however long ago its last transaction was
// (an idle primary sends nothing to replay); one with WAL received but not replayed is as far
// behind as the age of the last transaction it did replay. A standby whose WAL receiver is gone
// (primary unreachable) is behind by an unknown amount. The receiver's status is hidden from roles
// without pg_read_all_stats: such a role sees the row, so a present receiver counts as streaming.
const LAG_QUERY = `
  select pg_is_in_recovery() as "inRecovery",
    exists (select 1 from pg_stat_wal_receiver where coalesce(status, 'streaming') = 'streaming')
      as "streaming",
    pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() as "caughtUp",
    extract(epoch from now() - pg_last_xact_replay_timestamp())::float8 as "replayAgeSeconds"`;

export function openReadReplica(url: string, options: ReadReplicaOptions): ReadReplica {
  // A replica that does not answer within a second is not worth waiting for: the primary is.
  const pool = newPool(url, REPLICA_APPLICATION_NAME, 1_000, options);
  let usable = false;
  let checking: Promise<boolean> | undefined;

  const become = (next: boolean, reason: string) => {
    if (next !== usable) options.onChange?.(next, reason);
    usable = next;
  };

  const measure = async (): Promise<boolean> => {
    try {
      const { rows } = await pool.query<LagRow>(LAG_QUERY);
      const row = rows[0]!;
      const behind = lagOf(row);
      if (behind === undefined) become(false, 'the replica is not receiving from its primary');
      else if (behind > options.maxLagSeconds) {
        become(false, `the replica is ${behind.toFixed(1)} s behind`);
      } else become(true, 'the replica is current');
    } catch (error) {
      become(false, `the replica does not answer: ${(error as Error).message}`);
    }
    return usable;
  };

  const check = () => (checking ??= measure().finally(() => (checking = undefined)));
  const timer = setInterval(() => void check(), CHECK_EVERY_MS);
  timer.unref();

  // Drizzle runs every query through `client.query(config, values)`: the replica's pool, whose
  // query falls back to the primary when the replica cannot answer it.
  const reading = new Proxy(pool, {
    get(target, property, receiver) {
      if (property !== 'query') return Reflect.get(target, property, receiver) as unknown;
      return async (config: pg.QueryConfig, values?: unknown[]) => {
        try {
          return await target.query(config, values);
        } catch (error) {
          if (!isReplicaFailure(error)) throw error;
          become(false, `a read failed on the replica: ${(error as Error).message}`);
          return options.primary.query(config, values);
        }
      };
    },
  });

  let closing: Promise<void> | undefined;
  return {
    db: drizzleNodePg({ client: reading, schema }),
    get usable() {
      return usable;
    },
    check,
    close() {
      clearInterval(timer);
      closing ??= pool.end();
      return closing;
    },
  };
}

/** Seconds behind, or undefined when it cannot be known (no WAL arriving). */
function lagOf(row: LagRow): number | undefined {
  // Not a standby (the URL names a primary, or one promoted): it has everything.
  if (!row.inRecovery) return 0;
  if (!row.streaming) return undefined;
  if (row.caughtUp !== false) return 0;
  return Math.max(0, row.replayAgeSeconds ?? Number.POSITIVE_INFINITY);
}

/**
 * Errors of the replica rather than of the query: no connection (no SQLSTATE), connection
 * exceptions (08), shutting down or starting (57P), out of connections (53), and a read cancelled
 * by a conflict with recovery (40001). Any other error (a bad query, a write sent here by mistake)
 * would fail on the primary too, so it is not hidden by running it there.
 */
function isReplicaFailure(error: unknown): boolean {
  if (!(error instanceof pg.DatabaseError)) return true;
  const state = error.code ?? '';
  return /^(08|57P|53)/.test(state) || state === '40001';
}
