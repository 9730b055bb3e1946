import type { Deposit, DepositStatus } from '@portal/contract/transactions';
import { count, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '@server/db/client';
import { deposits, transactions } from '@server/db/schema';
import type { DepositRow } from './service';

/** Deposits with the numbers of the requests they concern. */
export async function toDeposits(db: Database, rows: readonly DepositRow[]): Promise<Deposit[]> {
  const ids = [
    ...new Set(
      rows.flatMap((row) => [
        ...(row.matchedTransactionId ? [row.matchedTransactionId] : []),
        ...row.relatedTransactionIds,
      ]),
    ),
  ];
  const numbers = new Map(
    ids.length === 0
      ? []
      : (
          await db
            .select({ id: transactions.id, number: transactions.number })
            .from(transactions)
            .where(inArray(transactions.id, ids))
        ).map((row) => [row.id, row.number] as const),
  );
  const ref = (id: string) => ({ id, number: numbers.get(id) ?? '' });
  return rows.map((row) => ({
    id: row.id,
    bankReference: row.bankReference,
    depositorName: row.depositorName,
    amountKrw: row.amountKrw,
    receivedAt: row.receivedAt.toISOString(),
    receivingAccount: row.receivingAccount,
    source: row.source,
    status: row.status,
    reviewReason: row.reviewReason,
    matchedTransaction: row.matchedTransactionId ? ref(row.matchedTransactionId) : null,
    relatedTransactions: row.relatedTransactionIds.map(ref),
    resolution: row.resolution,
    createdAt: row.createdAt.toISOString(),
  }));
}

export async function findDeposit(db: Database, id: string): Promise<DepositRow | undefined> {
  const [row] = await db.select().from(deposits).where(eq(deposits.id, id));
  return row;
}

/** Newest first. */
export async function listDeposits(
  db: Database,
  filter: { status?: DepositStatus; page: number; pageSize: number },
) {
  const where = filter.status ? eq(deposits.status, filter.status) : undefined;
  const [{ total } = { total: 0 }] = await db
    .select({ total: count() })
    .from(deposits)
    .where(where);
  const rows = await db
    .select()
    .from(deposits)
    .where(where)
    .orderBy(desc(deposits.createdAt), desc(deposits.id))
    .limit(filter.pageSize)
    .offset((filter.page - 1) * filter.pageSize);
  return { items: await toDeposits(db, rows), total, page: filter.page, pageSize: filter.pageSize };
}
