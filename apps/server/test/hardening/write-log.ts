import { sql } from 'drizzle-orm';
import type { App } from '@server/lib/zod-routes';

/**
 * Every row written to the database, logged by triggers, so a test can tell which request wrote
 * what: "a refused request changed nothing" becomes "the log did not grow while it ran". For a
 * database of the test's own only (the triggers are added to every table).
 *
 * Left out, because writing them on a refused request is their purpose:
 * - throttle_counters: counting failed attempts is how guessing is throttled;
 * - idempotency_keys: a money request's answer, a 4xx too, is kept for its key so that a retry
 *   gets the same answer (the Stripe model, modules/idempotency);
 * - audit_events of failed sign-ins: the security trail of refused sign-ins;
 * - sessions whose only change is last_seen_at: the idle clock of the caller's session.
 */
export interface WriteLog {
  /** How many rows have been written so far. */
  count(): Promise<number>;
  /** The tables written since `since` (a count), e.g. `["users INSERT"]`. */
  since(since: number): Promise<string[]>;
  /** Rows per table, for the summary. */
  rowCounts(): Promise<Record<string, number>>;
}

const LOG_TABLE = 'hardening_write_log';
const NOT_LOGGED = new Set([LOG_TABLE, 'throttle_counters', 'idempotency_keys']);

export async function installWriteLog(app: App): Promise<WriteLog> {
  await app.db.execute(
    sql.raw(`create table ${LOG_TABLE} (id bigserial primary key, entry text not null)`),
  );
  await app.db.execute(
    sql.raw(`
      create or replace function hardening_log_write() returns trigger language plpgsql as $$
      begin
        if TG_TABLE_NAME = 'sessions' and TG_OP = 'UPDATE'
           and (to_jsonb(NEW) - 'last_seen_at') = (to_jsonb(OLD) - 'last_seen_at') then
          return null;
        end if;
        if TG_TABLE_NAME = 'audit_events' and TG_OP = 'INSERT'
           and to_jsonb(NEW) ->> 'action' = 'sign_in_failed' then
          return null;
        end if;
        insert into ${LOG_TABLE} (entry) values (TG_TABLE_NAME || ' ' || TG_OP);
        return null;
      end $$`),
  );
  const tables = await tableNames(app);
  for (const table of tables.filter((name) => !NOT_LOGGED.has(name))) {
    await app.db.execute(
      sql.raw(
        `create trigger hardening_log_write after insert or update or delete on "${table}" for each row execute function hardening_log_write()`,
      ),
    );
  }
  return {
    async count() {
      const result = await app.db.execute<{ n: string }>(
        sql.raw(`select count(*)::text as n from ${LOG_TABLE}`),
      );
      return Number(result.rows[0]?.n ?? 0);
    },
    async since(since) {
      const result = await app.db.execute<{ entry: string }>(
        sql.raw(`select entry from ${LOG_TABLE} order by id offset ${Number(since)}`),
      );
      return result.rows.map((row) => row.entry);
    },
    async rowCounts() {
      const counts: Record<string, number> = {};
      for (const table of tables.filter((name) => name !== LOG_TABLE)) {
        const result = await app.db.execute<{ n: string }>(
          sql.raw(`select count(*)::text as n from "${table}"`),
        );
        counts[table] = Number(result.rows[0]?.n ?? 0);
      }
      return counts;
    },
  };
}

async function tableNames(app: App): Promise<string[]> {
  const result = await app.db.execute<{ name: string }>(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  return result.rows.map((row) => row.name);
}
