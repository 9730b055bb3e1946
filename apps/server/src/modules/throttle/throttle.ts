import { sql } from 'drizzle-orm';
import type { Database } from '@server/db/client';

/** No rule counts over a longer window; the sweep forgets counters older than this. */
export const LONGEST_WINDOW_SECONDS = 24 * 60 * 60;

export interface ThrottleRule {
  /** Attempts allowed per window. */
  limit: number;
  windowSeconds: number;
}

export interface ThrottleState {
  allowed: boolean;
  /** Seconds until the window resets (for Retry-After), 0 when allowed. */
  retryAfterSeconds: number;
}

/**
 * Fixed-window counters in PostgreSQL, so that every server instance counts the same attempts.
 * One statement per hit: the upsert either opens a new window or adds to the current one, under
 * the row's lock, so concurrent attempts are all counted.
 */
export async function hit(db: Database, key: string, rule: ThrottleRule): Promise<ThrottleState> {
  if (rule.windowSeconds > LONGEST_WINDOW_SECONDS) {
    throw new Error(`A throttle window may last at most ${LONGEST_WINDOW_SECONDS} seconds.`);
  }
  const result = await db.execute<{ hits: number; retry_after: number }>(sql`
    insert into throttle_counters (key, hits, window_started_at)
    values (${key}, 1, now())
    on conflict (key) do update set
      hits = case when throttle_counters.window_started_at <= now() - make_interval(secs => ${rule.windowSeconds})
                  then 1 else throttle_counters.hits + 1 end,
      window_started_at = case when throttle_counters.window_started_at <= now() - make_interval(secs => ${rule.windowSeconds})
                  then now() else throttle_counters.window_started_at end
    returning hits,
      ceil(extract(epoch from (window_started_at + make_interval(secs => ${rule.windowSeconds}) - now())))::int as retry_after`);
  const row = result.rows[0];
  if (!row) throw new Error('throttle counter not returned');
  const allowed = row.hits <= rule.limit;
  return { allowed, retryAfterSeconds: allowed ? 0 : Math.max(1, row.retry_after) };
}

/** Whether `key` is over its limit now, without counting an attempt. */
export async function peek(db: Database, key: string, rule: ThrottleRule): Promise<ThrottleState> {
  const result = await db.execute<{ hits: number; retry_after: number }>(sql`
    select hits,
      ceil(extract(epoch from (window_started_at + make_interval(secs => ${rule.windowSeconds}) - now())))::int as retry_after
    from throttle_counters
    where key = ${key} and window_started_at > now() - make_interval(secs => ${rule.windowSeconds})`);
  const row = result.rows[0];
  if (!row || row.hits < rule.limit) return { allowed: true, retryAfterSeconds: 0 };
  return { allowed: false, retryAfterSeconds: Math.max(1, row.retry_after) };
}

/** Forgets an account's failures after a successful sign-in. */
export async function reset(db: Database, key: string): Promise<void> {
  await db.execute(sql`delete from throttle_counters where key = ${key}`);
}

/** Deletes counters whose window ended long ago (the periodic sweep). Returns how many. */
export async function deleteStaleCounters(db: Database): Promise<number> {
  const result = await db.execute<{ key: string }>(sql`
    delete from throttle_counters
    where window_started_at < now() - make_interval(secs => ${LONGEST_WINDOW_SECONDS})
    returning key`);
  return result.rows.length;
}
