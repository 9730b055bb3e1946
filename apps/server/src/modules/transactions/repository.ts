import type {
  DepositInstructions,
  OperatorTransaction,
  Transaction,
  TransactionDetail,
  TransactionStatus,
  TransactionType,
} from '@portal/contract/transactions';
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '@server/db/client';
import { agencies, merchants, transactionEvents, transactions, users } from '@server/db/schema';
import { plainAmount } from '@server/modules/merchants/repository';

export type TransactionRow = typeof transactions.$inferSelect;

/** B00000042 for buys, S00000043 for sells: one sequence, so numbers never repeat. */
export async function nextTransactionNumber(tx: Database, type: TransactionType): Promise<string> {
  const result = await tx.execute<{ n: string | number }>(
    sql`select nextval('transaction_number_seq') as n`,
  );
  const n = String(result.rows[0]!.n);
  return `${type === 'buy' ? 'B' : 'S'}${n.padStart(8, '0')}`;
}

const listColumns = {
  transaction: transactions,
  merchant: {
    id: merchants.id,
    code: merchants.code,
    name: merchants.name,
    asset: merchants.asset,
  },
  user: { id: users.id, name: users.name, email: users.email },
  agency: {
    bankName: agencies.bankName,
    bankAccountNumber: agencies.bankAccountNumber,
    bankAccountHolder: agencies.bankAccountHolder,
  },
};

type JoinedRow = {
  transaction: TransactionRow;
  merchant: { id: string; code: string; name: string; asset: string };
  user: { id: string; name: string; email: string };
  agency: {
    bankName: string | null;
    bankAccountNumber: string | null;
    bankAccountHolder: string | null;
  } | null;
};

function joined(db: Database) {
  return db
    .select(listColumns)
    .from(transactions)
    .innerJoin(merchants, eq(merchants.id, transactions.merchantId))
    .innerJoin(users, eq(users.id, transactions.userId))
    .leftJoin(agencies, eq(agencies.id, users.agencyId));
}

function depositInstructions(row: JoinedRow): DepositInstructions | null {
  const { transaction, agency } = row;
  if (transaction.type !== 'buy' || transaction.status !== 'Requested') return null;
  if (!agency?.bankName || !agency.bankAccountNumber || !agency.bankAccountHolder) return null;
  return {
    bankName: agency.bankName,
    accountNumber: agency.bankAccountNumber,
    accountHolder: agency.bankAccountHolder,
    depositorName: row.user.name,
    amountKrw: transaction.totalKrw,
  };
}

export function toTransaction(row: JoinedRow): Transaction {
  const t = row.transaction;
  return {
    id: t.id,
    number: t.number,
    type: t.type,
    status: t.status,
    merchant: row.merchant,
    account: { id: t.accountId ?? '', name: t.accountName, accountNumber: t.accountNumber },
    amount: plainAmount(t.amount),
    rateKrw: plainAmount(t.rateKrw),
    totalKrw: t.totalKrw,
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
    expiresAt: t.expiresAt?.toISOString() ?? null,
    completedAt: t.completedAt?.toISOString() ?? null,
    delayReason: t.delayReason,
    payoutReference: t.payoutReference,
    creditStatus: t.creditStatus,
    depositInstructions: depositInstructions(row),
  };
}

function toOperatorTransaction(row: JoinedRow): OperatorTransaction {
  return { ...toTransaction(row), user: row.user };
}

export interface TransactionFilter {
  userId?: string;
  type?: TransactionType;
  status?: TransactionStatus | readonly TransactionStatus[];
  page: number;
  pageSize: number;
}

function conditions(filter: TransactionFilter): SQL | undefined {
  const statuses = typeof filter.status === 'string' ? [filter.status] : filter.status;
  return and(
    filter.userId ? eq(transactions.userId, filter.userId) : undefined,
    filter.type ? eq(transactions.type, filter.type) : undefined,
    statuses && statuses.length > 0 ? inArray(transactions.status, [...statuses]) : undefined,
  );
}

async function page(db: Database, filter: TransactionFilter, oldestFirst = false) {
  const where = conditions(filter);
  const [{ total } = { total: 0 }] = await db
    .select({ total: count() })
    .from(transactions)
    .where(where);
  const order = oldestFirst
    ? [asc(transactions.createdAt), asc(transactions.number)]
    : [desc(transactions.createdAt), desc(transactions.number)];
  const rows = await joined(db)
    .where(where)
    .orderBy(...order)
    .limit(filter.pageSize)
    .offset((filter.page - 1) * filter.pageSize);
  return { rows, total, page: filter.page, pageSize: filter.pageSize };
}

export async function listTransactions(db: Database, filter: TransactionFilter) {
  const { rows, ...counts } = await page(db, filter);
  return { ...counts, items: rows.map(toTransaction) };
}

/** The operator's queue: oldest first, so nobody waits longest. */
export async function listOperatorTransactions(db: Database, filter: TransactionFilter) {
  const { rows, ...counts } = await page(db, filter, true);
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
  return {
    ...toTransaction(row),
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
