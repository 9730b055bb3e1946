import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '@server/db/client';
import { quoteFor, type MoneySetup } from './fixtures';
import { sleep } from './server-process';

export type Side = 'buy' | 'sell';

/** One logical money request: one Idempotency-Key, one payload, however many attempts. */
export interface Outcome {
  index: number;
  key: string;
  side: Side;
  userId: string;
  amount: string;
  attempts: number;
  /** The answer that settled it (201 or a 4xx); undefined: never acknowledged. */
  status?: number;
  code?: string;
  transactionId?: string;
  replayed?: boolean;
  acknowledgedAt?: number;
}

export interface Crash {
  /** When this many requests are settled, the crash starts. */
  atSettled: number;
  /** Breaks and repairs the system; resolves with the moment the break was complete. */
  run(): Promise<{ brokenAt: number; repairedAt: number }>;
}

export interface CrashTiming {
  brokenAt: number;
  repairedAt: number;
  /** First 201 a client received after the break: when money requests worked again. */
  firstAckAt?: number;
}

export interface LoadResult {
  outcomes: Outcome[];
  crashes: CrashTiming[];
  attempts: number;
  transientFailures: number;
  seconds: number;
}

/**
 * `total` keyed buy/sell requests from `concurrency` clients at once. A client retries every
 * request it did not get an answer for (network error, timeout, 5xx, 409 IDEMPOTENCY_IN_PROGRESS)
 * with the same key and payload, as a careful client would, for up to `giveUpAfterMs`. Each
 * amount is unique, so the database rows can be matched to requests afterwards.
 */
export async function runLoad(
  setup: MoneySetup,
  options: { total: number; concurrency: number; giveUpAfterMs: number; crashes: Crash[] },
): Promise<LoadResult> {
  const started = Date.now();
  const outcomes: Outcome[] = [];
  const timings: CrashTiming[] = [];
  const crashRuns: Array<Promise<void>> = [];
  let next = 0;
  let settled = 0;
  let attempts = 0;
  let transientFailures = 0;
  const pending = [...options.crashes].sort((a, b) => a.atSettled - b.atSettled);

  const maybeCrash = () => {
    while (pending.length > 0 && settled >= pending[0]!.atSettled) {
      const crash = pending.shift()!;
      crashRuns.push(
        crash.run().then((timing) => {
          timings.push(timing);
        }),
      );
    }
  };

  // One quote per client and side, taken once and reused (it stays good for the server's
  // QUOTE_MAX_AGE_SECONDS): the load is then the money requests themselves.
  const quotes = new Map<string, Promise<string>>();
  const quote = (client: MoneySetup['clients'][number], side: Side) => {
    const name = `${client.id}:${side}`;
    let token = quotes.get(name);
    if (!token) {
      token = quoteFor(client.browser, setup.merchantId, side);
      token.catch(() => quotes.delete(name));
      quotes.set(name, token);
    }
    return token;
  };

  async function settle(outcome: Outcome, client: MoneySetup['clients'][number]) {
    const deadline = Date.now() + options.giveUpAfterMs;
    let quoteToken: string | undefined;
    let delay = 50;
    while (Date.now() < deadline) {
      try {
        quoteToken ??= await quote(client, outcome.side);
        outcome.attempts += 1;
        attempts += 1;
        const answer = await client.browser.post<{ id?: string; error?: { code: string } }>(
          `/api/transactions/${outcome.side}`,
          { accountId: client.accountId, amount: outcome.amount, quoteToken },
          { 'idempotency-key': outcome.key },
        );
        const code = answer.body?.error?.code;
        const retry = answer.status >= 500 || code === 'IDEMPOTENCY_IN_PROGRESS';
        if (!retry) {
          outcome.status = answer.status;
          outcome.code = code;
          outcome.transactionId = answer.body?.id;
          outcome.replayed = answer.headers.get('idempotent-replayed') === 'true';
          outcome.acknowledgedAt = Date.now();
          return;
        }
      } catch {
        // No answer (connection refused or reset, timeout): not acknowledged, so try again.
      }
      transientFailures += 1;
      await sleep(delay);
      delay = Math.min(delay * 2, 1_000);
    }
  }

  async function worker() {
    while (next < options.total) {
      const index = next++;
      const client = setup.clients[index % setup.clients.length]!;
      const outcome: Outcome = {
        index,
        key: randomUUID(),
        side: index % 2 === 0 ? 'buy' : 'sell',
        userId: client.id,
        // Unique per request: the request's number plus a quarter.
        amount: `${index + 1}.25`,
        attempts: 0,
      };
      outcomes.push(outcome);
      await settle(outcome, client);
      settled += 1;
      maybeCrash();
    }
  }

  await Promise.all(Array.from({ length: options.concurrency }, worker));
  await Promise.all(crashRuns);
  for (const timing of timings) {
    const acks = outcomes
      .filter((outcome) => outcome.status === 201 && outcome.acknowledgedAt! > timing.brokenAt)
      .map((outcome) => outcome.acknowledgedAt!);
    timing.firstAckAt = acks.length > 0 ? Math.min(...acks) : undefined;
  }
  return {
    outcomes,
    crashes: timings.sort((a, b) => a.brokenAt - b.brokenAt),
    attempts,
    transientFailures,
    seconds: (Date.now() - started) / 1000,
  };
}

/** "12.25000000" and "12.25" are one amount. */
function canonical(amount: string): string {
  return amount.includes('.') ? amount.replace(/0+$/, '').replace(/\.$/, '') : amount;
}

export interface Audit {
  acknowledgedCreated: number;
  acknowledgedRefused: number;
  acknowledgedButMissing: number;
  /** Requests answered with a refusal although a transaction was made for them. */
  refusedButMade: number;
  duplicates: number;
  /** Requests never acknowledged (the client gave up). */
  unresolved: number;
  /** Transactions made for requests whose client never got an answer. */
  madeButUnacknowledged: number;
  /** Transactions that match no request at all. */
  unexpected: number;
  /** Keys still marked in progress in the database, which no retry could ever settle. */
  stuckKeys: number;
  refusals: Record<string, number>;
}

/** Compares what clients were told with what the database holds. */
export async function audit(
  db: Database,
  setup: MoneySetup,
  outcomes: readonly Outcome[],
): Promise<Audit> {
  const rows = (
    await db.execute<{ id: string; user_id: string; type: Side; amount: string }>(
      sql`select id, user_id, type, amount::text as amount from transactions where merchant_id = ${setup.merchantId}`,
    )
  ).rows;
  const byRequest = new Map<string, typeof rows>();
  for (const row of rows) {
    const key = `${row.user_id}|${row.type}|${canonical(row.amount)}`;
    byRequest.set(key, [...(byRequest.get(key) ?? []), row]);
  }
  const ids = new Set(rows.map((row) => row.id));
  const result: Audit = {
    acknowledgedCreated: 0,
    acknowledgedRefused: 0,
    acknowledgedButMissing: 0,
    refusedButMade: 0,
    duplicates: 0,
    unresolved: 0,
    madeButUnacknowledged: 0,
    unexpected: 0,
    stuckKeys: 0,
    refusals: {},
  };
  const matched = new Set<string>();
  for (const outcome of outcomes) {
    const key = `${outcome.userId}|${outcome.side}|${canonical(outcome.amount)}`;
    const made = byRequest.get(key) ?? [];
    matched.add(key);
    result.duplicates += Math.max(0, made.length - 1);
    if (outcome.status === 201) {
      result.acknowledgedCreated += 1;
      if (!outcome.transactionId || !ids.has(outcome.transactionId)) {
        result.acknowledgedButMissing += 1;
      } else if (!made.some((row) => row.id === outcome.transactionId)) {
        result.acknowledgedButMissing += 1;
      }
    } else if (outcome.status !== undefined) {
      result.acknowledgedRefused += 1;
      const code = outcome.code ?? String(outcome.status);
      result.refusals[code] = (result.refusals[code] ?? 0) + 1;
      // A refusal that nonetheless left a transaction behind is a lie to the client too.
      if (made.length > 0) result.refusedButMade += 1;
    } else {
      result.unresolved += 1;
      result.madeButUnacknowledged += made.length > 0 ? 1 : 0;
    }
  }
  for (const key of byRequest.keys()) if (!matched.has(key)) result.unexpected += 1;
  const userIds = setup.clients.map((client) => client.id);
  const stuck = await db.execute<{ n: string }>(
    sql`select count(*)::text as n from idempotency_keys where response_status is null
         and user_id in (${sql.join(
           userIds.map((id) => sql`${id}`),
           sql`, `,
         )})`,
  );
  result.stuckKeys = Number(stuck.rows[0]!.n);
  return result;
}
