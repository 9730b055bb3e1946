import type { TransactionStatus } from '@portal/contract/transactions';
import { sql } from 'drizzle-orm';
import type { Database } from '@server/db/client';

/** The PostgreSQL channel transaction changes travel on, to every server instance. */
export const TRANSACTION_CHANNEL = 'portal_transactions';

export interface TransactionChange {
  userId: string;
  transactionId: string;
  status: TransactionStatus;
}

/**
 * Announces a change. Sent inside the caller's database transaction: PostgreSQL delivers it only
 * if that transaction commits, so a page never hears of a change that was rolled back.
 */
export async function notifyTransactionChange(tx: Database, change: TransactionChange) {
  await tx.execute(sql`select pg_notify(${TRANSACTION_CHANNEL}, ${JSON.stringify(change)})`);
}
