import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '@server/db/client';
import { transactions } from '@server/db/schema';

/**
 * Whether a saved account has buy or sell requests that are not yet completed or cancelled; such
 * an account cannot be deleted (409 ACCOUNT_HAS_OPEN_REQUESTS). Runs on the `db` passed in, which
 * is the delete's transaction, after the user's row is locked.
 */
export async function hasOpenRequests(db: Database, accountId: string): Promise<boolean> {
  const [open] = await db
    .select({ id: transactions.id })
    .from(transactions)
    .where(
      and(
        eq(transactions.accountId, accountId),
        inArray(transactions.status, ['Requested', 'Pending']),
      ),
    )
    .limit(1);
  return open !== undefined;
}
