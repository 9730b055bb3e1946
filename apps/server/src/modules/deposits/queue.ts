import type { DepositSort, DepositStatus } from '@portal/contract/transactions';
import { koreaDayStart } from '@portal/contract/korea-time';
import { and, asc, count, desc, eq, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '@server/db/client';
import { deposits } from '@server/db/schema';
import { containsAny, typedWon } from '@server/lib/text-search';
import { toDeposits } from './repository';
import type { DepositRow } from './service';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The deposit queue's filters (depositListQuerySchema, docs/decisions/021). */
export interface DepositFilter {
  status?: DepositStatus;
  q?: string;
  from?: string;
  to?: string;
}

/**
 * The filters as SQL: `q` finds the depositor's name or the bank reference as typed (LIKE's
 * wildcards taken literally, lib/text-search.ts), or the won of a deposit typed whole; `from`
 * and `to` are Korea days of receipt.
 */
function conditions(filter: DepositFilter): SQL | undefined {
  const q = filter.q?.trim();
  const won = q ? typedWon(q) : undefined;
  return and(
    filter.status ? eq(deposits.status, filter.status) : undefined,
    q
      ? or(
          containsAny(q, [deposits.depositorName, deposits.bankReference]),
          won ? sql`${deposits.amountKrw} = ${won}::numeric` : undefined,
        )
      : undefined,
    filter.from ? gte(deposits.receivedAt, koreaDayStart(filter.from)) : undefined,
    filter.to
      ? lt(deposits.receivedAt, new Date(koreaDayStart(filter.to).getTime() + DAY_MS))
      : undefined,
  );
}

/**
 * The orders. Time is when the portal recorded the deposit (what it has waited since); every
 * order ends in the id, so a page reads the same each time.
 */
const ORDERS: Record<DepositSort, SQL[]> = {
  newest: [desc(deposits.createdAt), desc(deposits.id)],
  oldest: [asc(deposits.createdAt), asc(deposits.id)],
  amount_desc: [desc(deposits.amountKrw), desc(deposits.createdAt), desc(deposits.id)],
  amount_asc: [asc(deposits.amountKrw), asc(deposits.createdAt), asc(deposits.id)],
};

/** One page of the deposit queue, filtered and ordered, and how many match in all. */
export async function listDeposits(
  db: Database,
  filter: DepositFilter & { sort: DepositSort; page: number; pageSize: number },
) {
  const where = conditions(filter);
  const [{ total } = { total: 0 }] = await db
    .select({ total: count() })
    .from(deposits)
    .where(where);
  const rows = await db
    .select()
    .from(deposits)
    .where(where)
    .orderBy(...ORDERS[filter.sort])
    .limit(filter.pageSize)
    .offset((filter.page - 1) * filter.pageSize);
  return { items: await toDeposits(db, rows), total, page: filter.page, pageSize: filter.pageSize };
}

/**
 * Every filtered deposit, newest first, in keyset batches (the exports' pattern: memory of one
 * batch however many rows there are).
 */
export async function* depositBatches(
  db: Database,
  filter: DepositFilter,
  batchSize = 500,
): AsyncGenerator<DepositRow[]> {
  const where = conditions(filter);
  // The cursor's time as PostgreSQL's text: microseconds, which a Date would cut to milliseconds.
  let cursor: { at: string; id: string } | undefined;
  for (;;) {
    const after = cursor
      ? sql`(${deposits.createdAt}, ${deposits.id}) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)`
      : undefined;
    const rows = await db
      .select({ row: deposits, cursorAt: sql<string>`${deposits.createdAt}::text` })
      .from(deposits)
      .where(and(where, after))
      .orderBy(desc(deposits.createdAt), desc(deposits.id))
      .limit(batchSize);
    if (rows.length === 0) return;
    yield rows.map(({ row }) => row);
    if (rows.length < batchSize) return;
    const last = rows[rows.length - 1]!;
    cursor = { at: last.cursorAt, id: last.row.id };
  }
}
