import type { Database } from '@server/db/client';

/**
 * Whether a saved account has buy or sell requests that are not yet completed or cancelled; such
 * an account cannot be deleted (409 ACCOUNT_HAS_OPEN_REQUESTS).
 *
 * NOT WIRED YET: the transactions table arrives with the money issue (buy/sell requests). Until
 * then no account can have open requests, so this answers false. The money issue must replace
 * the body with a query on the transactions table (open statuses, `account_id = accountId`),
 * run on the `db` passed in, which is the delete's transaction.
 */
export async function hasOpenRequests(_db: Database, _accountId: string): Promise<boolean> {
  return false;
}
