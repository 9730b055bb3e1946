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

/** Several changes in one statement (a batch of moves), each delivered as its own message. */
export async function notifyTransactionChanges(
  tx: Database,
  changes: readonly TransactionChange[],
) {
  if (changes.length === 0) return;
  await tx.execute(
    sql`select pg_notify(${TRANSACTION_CHANNEL}, change #>> '{}')
          from jsonb_array_elements(${JSON.stringify(changes.map((c) => JSON.stringify(c)))}::jsonb) change`,
  );
}
