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

/**
 * Takes back one attempt counted by `hit` that turned out not to be a failure (a successful
 * sign-in from an address), so that a rule counts failures only while still counting every
 * attempt at the moment it starts (attempts at the same moment cannot slip in under the limit).
 */
export async function release(db: Database, key: string): Promise<void> {
  await db.execute(sql`
    update throttle_counters set hits = greatest(hits - 1, 0) where key = ${key}`);
}

/**
 * A progressive delay instead of a lock: the first `freeAttempts` attempts go through at once;
 * after that each attempt must wait `firstDelaySeconds`, doubling with every further attempt up
 * to `longestDelaySeconds`, counted from the attempt before. Attempts made while waiting are
 * refused and not counted, so they neither lengthen the wait nor get a guess in. Everything is
 * forgotten `forgetAfterSeconds` after the last counted attempt.
 */
export interface DelayRule {
  freeAttempts: number;
  firstDelaySeconds: number;
  longestDelaySeconds: number;
  forgetAfterSeconds: number;
}

/** Seconds an attempt must wait after `attempts` counted ones (0: it may go at once). */
export function delayAfter(rule: DelayRule, attempts: number): number {
  if (attempts < rule.freeAttempts) return 0;
  const doublings = Math.min(attempts - rule.freeAttempts, 30);
  return Math.min(rule.longestDelaySeconds, rule.firstDelaySeconds * 2 ** doublings);
}

/**
 * Counts an attempt under a delay rule if its wait is over, or refuses it with the seconds left.
 * The row is locked while deciding, so attempts at the same moment wait their turn and only one
 * of them gets each free slot. For these rows `window_started_at` holds the time of the last
 * counted attempt, which is what the wait is measured from (and the stale-counter sweep too).
 */
export async function claimAttempt(
  db: Database,
  key: string,
  rule: DelayRule,
): Promise<ThrottleState> {
  if (rule.forgetAfterSeconds > LONGEST_WINDOW_SECONDS) {
    throw new Error(`A throttle is forgotten after at most ${LONGEST_WINDOW_SECONDS} seconds.`);
  }
  return db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into throttle_counters (key, hits, window_started_at)
      values (${key}, 0, now()) on conflict (key) do nothing`);
    const result = await tx.execute<{ hits: number; since_last: number }>(sql`
      select hits, extract(epoch from (now() - window_started_at))::float8 as since_last
        from throttle_counters where key = ${key} for update`);
    const row = result.rows[0];
    if (!row) throw new Error('throttle counter not found');
    // now() is when this transaction began: one that began before the attempt it waited for
    // was counted sees that attempt in its future. That attempt was just now, not later.
    const sinceLast = Math.max(0, Number(row.since_last));
    const attempts = sinceLast >= rule.forgetAfterSeconds ? 0 : row.hits;
    const delay = delayAfter(rule, attempts);
    const wait = delay - sinceLast;
    if (delay > 0 && wait > 0) {
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(wait)) };
    }
    await tx.execute(sql`
      update throttle_counters set hits = ${attempts + 1}, window_started_at = now()
       where key = ${key}`);
    return { allowed: true, retryAfterSeconds: 0 };
  });
}

/** Deletes counters whose window ended long ago (the periodic sweep). Returns how many. */
export async function deleteStaleCounters(db: Database): Promise<number> {
  const result = await db.execute<{ key: string }>(sql`
    delete from throttle_counters
    where window_started_at < now() - make_interval(secs => ${LONGEST_WINDOW_SECONDS})
    returning key`);
  return result.rows.length;
}
