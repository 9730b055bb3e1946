import {
  approvalSortOf,
  type ApprovalKind,
  type ApprovalListResponse,
  type ApprovalSort,
  type APPROVAL_VIEWS,
} from '@portal/contract/approvals';
import { koreaDayStart } from '@portal/contract/korea-time';
import { and, asc, count, desc, eq, gte, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '@server/db/client';
import { approvals } from '@server/db/schema';
import { containsAny, typedWon } from '@server/lib/text-search';
import { checker, maker, select, toApproval, type Selected } from './repository';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The approvals queue's filters (approvalListQuerySchema, docs/decisions/021). */
export interface ApprovalFilter {
  view: (typeof APPROVAL_VIEWS)[number];
  kind?: ApprovalKind;
  q?: string;
  from?: string;
  to?: string;
  sort?: ApprovalSort;
}

/** A text of what was asked, as the maker saw it (the action's JSON, approvalActionSchema). */
const asked = (...path: string[]) => sql`(${approvals.action} #>> ${`{${path.join(',')}}`})`;

/**
 * What a search looks in: both people, and the action's references and texts the item shows
 * (transaction number and owner, deposit reference and depositor, agency, user, asset, note,
 * reason), and the rejection reason.
 */
const SEARCHED = [
  maker.name,
  maker.email,
  checker.name,
  checker.email,
  approvals.rejectionReason,
  asked('transaction', 'number'),
  asked('transaction', 'userName'),
  asked('deposit', 'bankReference'),
  asked('deposit', 'depositorName'),
  asked('agency', 'name'),
  asked('agency', 'code'),
  asked('user', 'name'),
  asked('user', 'email'),
  asked('asset'),
  asked('note'),
  asked('reason'),
];

/**
 * The filters as SQL, like the deposit queue's (deposits/queue.ts): `q` as typed (LIKE's
 * wildcards taken literally), or the won of the item typed whole (the deposit's amount, else
 * the transaction's total); `from` and `to` are Korea days of the request.
 */
function conditions(filter: ApprovalFilter): SQL | undefined {
  const q = filter.q?.trim();
  const won = q ? typedWon(q) : undefined;
  return and(
    filter.view === 'pending' ? eq(approvals.status, 'pending') : ne(approvals.status, 'pending'),
    filter.kind ? eq(approvals.kind, filter.kind) : undefined,
    q
      ? or(
          containsAny(q, SEARCHED),
          won
            ? sql`coalesce(${asked('deposit', 'amountKrw')}, ${asked('transaction', 'totalKrw')})::numeric = ${won}::numeric`
            : undefined,
        )
      : undefined,
    filter.from ? gte(approvals.requestedAt, koreaDayStart(filter.from)) : undefined,
    filter.to
      ? lt(approvals.requestedAt, new Date(koreaDayStart(filter.to).getTime() + DAY_MS))
      : undefined,
  );
}

/**
 * The order: a pending approval by when it was asked (oldest first: who waited longest), a
 * decided one by when it was decided (a withdrawn one has no decision: when it was asked); every
 * order ends in the id, so a page reads the same each time.
 */
function order(filter: ApprovalFilter): SQL[] {
  const direction = approvalSortOf(filter.view, filter.sort) === 'oldest' ? asc : desc;
  const time =
    filter.view === 'pending'
      ? sql`${approvals.requestedAt}`
      : sql`coalesce(${approvals.decidedAt}, ${approvals.requestedAt})`;
  return [direction(time), direction(approvals.requestedAt), direction(approvals.id)];
}

/** One page of the queue, filtered and ordered, and how many match in all. */
export async function listApprovals(
  db: Database,
  query: ApprovalFilter & { page: number; pageSize: number },
): Promise<ApprovalListResponse> {
  const where = conditions(query);
  const [rows, [total]] = await Promise.all([
    select(db)
      .where(where)
      .orderBy(...order(query))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({ total: count() })
      .from(approvals)
      .innerJoin(maker, eq(maker.id, approvals.requestedBy))
      .leftJoin(checker, eq(checker.id, approvals.decidedBy))
      .where(where),
  ]);
  return {
    items: rows.map(toApproval),
    total: total?.total ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/**
 * Every filtered approval in the list's order, in batches (an export's memory is one batch).
 * Batches by offset: the queue is people's requests, thousands at most, and the order ends in
 * the id, so no row is read twice or skipped while nothing is added.
 */
export async function* approvalBatches(
  db: Database,
  filter: ApprovalFilter,
  batchSize = 500,
): AsyncGenerator<Selected[]> {
  const where = conditions(filter);
  for (let offset = 0; ; offset += batchSize) {
    const rows = await select(db)
      .where(where)
      .orderBy(...order(filter))
      .limit(batchSize)
      .offset(offset);
    if (rows.length > 0) yield rows;
    if (rows.length < batchSize) return;
  }
}
