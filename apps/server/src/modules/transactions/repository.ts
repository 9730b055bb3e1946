/**
 * The transaction lists' queries: the user's, an agency's and the operator's lists, the export's
 * batches and one transaction's detail with its history. Longer than 300 lines because the lists
 * share one filter, one keyset cursor and one counted total, which read best next to each other;
 * what a row becomes on the way out is in `transaction-payloads.ts`.
 */
import {
  listCursor,
  readListCursor,
  type TransactionDetail,
  type TransactionStatus,
  type TransactionType,
} from '@portal/contract/transactions';
import { and, asc, count, desc, eq, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '@server/db/client';
import {
  agencyTransactionCounts,
  deposits,
  merchants,
  transactionCounts,
  transactionEvents,
  transactions,
  users,
} from '@server/db/schema';
import { koreaDayStart } from '@portal/contract/korea-time';
import { containsAny, inSelected } from '@server/lib/text-search';
import type { OperatorSort } from '@portal/contract/operator-workbench';
import { operatorSearch } from './operator-search';
import {
  toAgencyTransaction,
  toOperatorTransaction,
  toTransaction,
  type ExportRow,
  type JoinedRow,
} from './transaction-payloads';

/** B00000042 for buys, S00000043 for sells: one sequence, so numbers never repeat. */
export async function nextTransactionNumber(tx: Database, type: TransactionType): Promise<string> {
  const result = await tx.execute<{ n: string | number }>(
    sql`select nextval('transaction_number_seq') as n`,
  );
  const n = String(result.rows[0]!.n);
  return `${type === 'buy' ? 'B' : 'S'}${n.padStart(8, '0')}`;
}

/**
 * A row's created time as UTC text at full microsecond precision, for cursors (keyset paging): a
 * JavaScript Date would round it to milliseconds and skip or repeat rows.
 */
const cursorAt = sql<string>`to_char(${transactions.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** The rows after `cursor` in the lists' order (created_at, number), newest first. */
function afterCursor(cursor: { at: string; number: string } | undefined): SQL | undefined {
  if (!cursor) return undefined;
  // The first half is what an index on created_at can seek to; the row comparison alone would
  // make every page scan from the newest row again.
  return sql`${transactions.createdAt} <= ${cursor.at}::timestamptz and (${transactions.createdAt}, ${transactions.number}) < (${cursor.at}::timestamptz, ${cursor.number})`;
}

const listColumns = {
  cursorAt,
  transaction: transactions,
  merchant: {
    id: merchants.id,
    code: merchants.code,
    name: merchants.name,
    asset: merchants.asset,
  },
  user: { id: users.id, name: users.name, email: users.email },
};

/** Exports also carry the bank reference of the deposit that paid a buy. */
const exportColumns = {
  ...listColumns,
  depositReference: sql<
    string | null
  >`(select ${deposits.bankReference} from ${deposits} where ${deposits.id} = ${transactions.settledByDepositId})`,
};

function joined(db: Database) {
  return db
    .select(listColumns)
    .from(transactions)
    .innerJoin(merchants, eq(merchants.id, transactions.merchantId))
    .innerJoin(users, eq(users.id, transactions.userId));
}

export interface TransactionFilter {
  userId?: string;
  /** Only the transactions of this agency's clients. */
  agencyId?: string;
  type?: TransactionType;
  status?: TransactionStatus | readonly TransactionStatus[];
  /** Calendar days (YYYY-MM-DD) in Korea's time zone, both inclusive. */
  from?: string;
  to?: string;
  /**
   * Finds the number, the merchant's name or code, or the account's name or number; with
   * `agencyId`, also the client's name, email or phone.
   */
  q?: string;
  /** The operator's search: `q` also finds the user, a linked deposit's depositor, a won amount. */
  operator?: boolean;
  page: number;
  pageSize: number;
  /** The previous page's `nextCursor`: this page starts just after that row (newest-first lists). */
  after?: string;
}

/** The filter of every row a list would show, all pages (exports). */
export type RowFilter = Omit<TransactionFilter, 'page' | 'pageSize' | 'after'>;

const DAY_MS = 24 * 60 * 60 * 1000;

function conditions(filter: RowFilter): SQL | undefined {
  const statuses = typeof filter.status === 'string' ? [filter.status] : filter.status;
  const q = filter.q?.trim();
  return and(
    filter.userId ? eq(transactions.userId, filter.userId) : undefined,
    // The owner's agency while they are its client (kept from users by triggers, migration 0007).
    filter.agencyId ? eq(transactions.clientAgencyId, filter.agencyId) : undefined,
    filter.type ? eq(transactions.type, filter.type) : undefined,
    statuses && statuses.length > 0 ? inArray(transactions.status, [...statuses]) : undefined,
    filter.from ? gte(transactions.createdAt, koreaDayStart(filter.from)) : undefined,
    filter.to
      ? lt(transactions.createdAt, new Date(koreaDayStart(filter.to).getTime() + DAY_MS))
      : undefined,
    q ? searched(q, filter) : undefined,
  );
}

/**
 * The search: every arm is an index scan (trigram indexes on the transaction's texts, the
 * merchant and the client by their ids, migration 0019), so the planner reads them as one
 * BitmapOr next to the owner's or the agency's filter (docs/decisions/029).
 */
function searched(q: string, filter: RowFilter): SQL | undefined {
  return or(
    containsAny(q, [transactions.number, transactions.accountName, transactions.accountNumber]),
    inSelected(
      transactions.merchantId,
      sql`select ${merchants.id} from ${merchants} where ${containsAny(q, [merchants.name, merchants.code])}`,
    ),
    // An agency also finds its clients by name, email or phone (docs/decisions/022).
    filter.agencyId
      ? inSelected(
          transactions.userId,
          sql`select ${users.id} from ${users} where ${users.agencyId} = ${filter.agencyId} and ${containsAny(q, [users.name, users.email], users.phone)}`,
        )
      : undefined,
    filter.operator ? operatorSearch(q) : undefined,
  );
}

async function countedRows(db: Database, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ total: count() }).from(transactions).where(where);
  return row?.total ?? 0;
}

/**
 * The exact total from the counts the database keeps per user and per agency (status x type,
 * migration 0007), when the filter is one they can answer: an owner or an agency, and at most
 * status and type. Dates and search count the matching rows instead (undefined here).
 */
async function countedTotal(db: Database, filter: TransactionFilter): Promise<number | undefined> {
  if (filter.from || filter.to || filter.q?.trim()) return undefined;
  if (Boolean(filter.userId) === Boolean(filter.agencyId)) return undefined;
  const statuses = typeof filter.status === 'string' ? [filter.status] : filter.status;
  const counts = filter.userId ? transactionCounts : agencyTransactionCounts;
  const owner = filter.userId
    ? eq(transactionCounts.userId, filter.userId)
    : eq(agencyTransactionCounts.agencyId, filter.agencyId!);
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${counts.n}), 0)` })
    .from(counts)
    .where(
      and(
        owner,
        filter.type ? eq(counts.type, filter.type) : undefined,
        statuses && statuses.length > 0 ? inArray(counts.status, [...statuses]) : undefined,
      ),
    );
  return Number(row?.total ?? 0);
}

/**
 * One page of a list, the exact number of rows that match, and where the next page starts.
 *
 * Four things keep a deep page (page 10,000 of a user with 250,000 transactions) cheap
 * (docs/BENCHMARKS.md):
 *   - The total comes from the kept counts when the filter allows (countedTotal).
 *   - Next sends the previous page's cursor (`after`): the page is then an index seek from that
 *     row (keyset paging), as cheap as page 1 whatever its number.
 *   - A page opened by its number alone finds its ids first, on the covering indexes
 *     (transactions_user_list_idx, transactions_agency_list_idx: order columns + status, type, id),
 *     so the rows skipped are index entries, never table rows or joins; only the page's rows are
 *     then read and joined.
 *   - Such a page in the second half is read from the other end: page 10,000 of 12,500 skips
 *     50,000 entries backwards instead of 200,000 forwards. The order (created_at, number) is
 *     total (numbers are unique), so the reversed read gives exactly the same rows.
 * The count and the page are two statements: a row committed between them shifts a page by one
 * row, as one committed between two page views does.
 */
async function page(db: Database, filter: TransactionFilter, sort: OperatorSort = 'newest') {
  const where = conditions(filter);
  const total = (await countedTotal(db, filter)) ?? (await countedRows(db, where));
  const result = { total, page: filter.page, pageSize: filter.pageSize };
  const offset = (filter.page - 1) * filter.pageSize;
  if (offset >= total) return { ...result, rows: [], nextCursor: null };

  // Every order ends in (created_at, number), so it is total and reads the same from either end.
  const byAmount = sort === 'amount_asc' || sort === 'amount_desc';
  const order = (ascending: boolean) => {
    const dir = ascending ? asc : desc;
    const tail = [dir(transactions.createdAt), dir(transactions.number)];
    return byAmount ? [dir(transactions.totalKrw), ...tail] : tail;
  };
  const forwards = sort === 'oldest' || sort === 'amount_asc';
  // Cursors follow the newest-first order; the operator's other orders page by number.
  const after = filter.after && sort === 'newest' ? readListCursor(filter.after) : undefined;
  const fromOtherEnd = !after && offset + filter.pageSize / 2 > total / 2;
  const ascending = forwards !== fromOtherEnd;
  const ids = db
    .select({ id: transactions.id })
    .from(transactions)
    .where(and(where, afterCursor(after)))
    .orderBy(...order(ascending))
    .limit(fromOtherEnd ? Math.min(filter.pageSize, total - offset) : filter.pageSize)
    .offset(after ? 0 : fromOtherEnd ? Math.max(0, total - offset - filter.pageSize) : offset);
  const rows = await joined(db)
    .where(inArray(transactions.id, ids))
    .orderBy(...order(forwards));
  const last = rows.at(-1);
  const more = rows.length === filter.pageSize && offset + rows.length < total;
  const nextCursor =
    last && more && sort === 'newest' ? listCursor(last.cursorAt, last.transaction.number) : null;
  return { ...result, rows, nextCursor };
}

export async function listTransactions(db: Database, filter: TransactionFilter) {
  const { rows, ...counts } = await page(db, filter);
  return { ...counts, items: rows.map(toTransaction) };
}

/** An agency's clients' transactions, newest first. */
export async function listAgencyTransactions(
  db: Database,
  filter: TransactionFilter & { agencyId: string },
) {
  const { rows, ...counts } = await page(db, filter);
  return { ...counts, items: rows.map(toAgencyTransaction) };
}

/**
 * Every filtered row, newest first, `batchSize` at a time: keyset pagination on (created_at,
 * number), so each batch is one indexed query however deep the export goes, and rows made while
 * it runs neither repeat nor shift the rest. The cursor keeps created_at at full (microsecond)
 * precision as text; a JavaScript Date would round it to milliseconds and skip or repeat rows.
 */
export async function* transactionBatches(
  db: Database,
  filter: RowFilter,
  batchSize = 500,
): AsyncGenerator<ExportRow[]> {
  const where = conditions(filter);
  let cursor: { at: string; number: string } | undefined;
  for (;;) {
    const rows = await db
      .select(exportColumns)
      .from(transactions)
      .innerJoin(merchants, eq(merchants.id, transactions.merchantId))
      .innerJoin(users, eq(users.id, transactions.userId))
      .where(and(where, afterCursor(cursor)))
      .orderBy(desc(transactions.createdAt), desc(transactions.number))
      .limit(batchSize);
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < batchSize) return;
    const last = rows[rows.length - 1]!;
    cursor = { at: last.cursorAt, number: last.transaction.number };
  }
}

/** The operator's queues: oldest first by default, so nobody waits longest (docs/decisions/021). */
export async function listOperatorTransactions(
  db: Database,
  filter: TransactionFilter & { sort: OperatorSort },
) {
  const { rows, ...counts } = await page(db, { ...filter, operator: true }, filter.sort);
  return { ...counts, items: rows.map(toOperatorTransaction) };
}

export async function findTransaction(
  db: Database,
  id: string,
  userId?: string,
): Promise<JoinedRow | undefined> {
  const [row] = await joined(db).where(
    and(eq(transactions.id, id), userId ? eq(transactions.userId, userId) : undefined),
  );
  return row;
}

export async function transactionDetail(
  db: Database,
  id: string,
  userId?: string,
): Promise<TransactionDetail | undefined> {
  const row = await findTransaction(db, id, userId);
  if (!row) return undefined;
  const events = await db
    .select()
    .from(transactionEvents)
    .where(eq(transactionEvents.transactionId, id))
    .orderBy(asc(transactionEvents.id));
  const refunds = await db
    .select({
      amountKrw: deposits.amountKrw,
      status: deposits.status,
      refundedAt: deposits.refundedAt,
    })
    .from(deposits)
    .where(
      and(
        eq(deposits.refundTransactionId, id),
        inArray(deposits.status, ['refund_due', 'refunded']),
      ),
    )
    .orderBy(asc(deposits.receivedAt));
  // Deposits under review name the requests they may pay (`related_transaction_ids`).
  const inReview = await db
    .select({ amountKrw: deposits.amountKrw, receivedAt: deposits.receivedAt })
    .from(deposits)
    .where(
      and(
        eq(deposits.status, 'review'),
        sql`${deposits.relatedTransactionIds} @> ${JSON.stringify([id])}::jsonb`,
      ),
    )
    .orderBy(asc(deposits.receivedAt));
  return {
    ...toTransaction(row),
    depositsInReview: inReview.map((deposit) => ({
      amountKrw: deposit.amountKrw,
      receivedAt: deposit.receivedAt.toISOString(),
    })),
    refunds: refunds.map((refund) => ({
      amountKrw: refund.amountKrw,
      status: refund.status === 'refunded' ? ('refunded' as const) : ('refund_due' as const),
      refundedAt: refund.refundedAt?.toISOString() ?? null,
    })),
    events: events.map((event) => ({
      move: event.move,
      from: event.fromStatus,
      to: event.toStatus,
      actorKind: event.actorKind,
      at: event.at.toISOString(),
      reason: event.reason,
      note: event.note,
    })),
  };
}

export async function operatorTransaction(db: Database, id: string) {
  const row = await findTransaction(db, id);
  return row ? toOperatorTransaction(row) : undefined;
}
