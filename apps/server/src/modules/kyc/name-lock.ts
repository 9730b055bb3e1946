import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '@server/db/client';
import { kycDocuments, transactions } from '@server/db/schema';
import { AppError } from '@server/lib/errors';

/**
 * When a user's name may change (docs/decisions/010). Deposits are matched by the name, so:
 *
 * - once an operator has approved any of the user's identity documents, the name is a checked
 *   legal name: it changes only through an approved name-change request (NAME_LOCKED);
 * - never while one of the user's buys is open (Requested or Pending): its deposit is on the way
 *   under the name the request was made with (OPEN_BUY_REQUESTS).
 *
 * Callers hold the user's row `FOR UPDATE`; creating a buy holds it `FOR SHARE`, so a rename and a
 * new buy are served one after the other and the check below sees the buy.
 */
export async function isNameLocked(db: Database, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: kycDocuments.id })
    .from(kycDocuments)
    .where(and(eq(kycDocuments.userId, userId), eq(kycDocuments.status, 'approved')))
    .limit(1);
  return row !== undefined;
}

export async function hasOpenBuy(db: Database, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: transactions.id })
    .from(transactions)
    .where(
      and(
        eq(transactions.userId, userId),
        eq(transactions.type, 'buy'),
        inArray(transactions.status, ['Requested', 'Pending']),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** A plain edit of the name (the Profile form): refused once locked, or while a buy is open. */
export async function refuseNameEdit(db: Database, userId: string): Promise<void> {
  if (await isNameLocked(db, userId)) {
    throw new AppError('NAME_LOCKED');
  }
  await refuseWhileBuyOpen(db, userId);
}

export async function refuseWhileBuyOpen(db: Database, userId: string): Promise<void> {
  if (await hasOpenBuy(db, userId)) {
    throw new AppError('OPEN_BUY_REQUESTS');
  }
}

/** Holds the user's row against a rename until the caller's transaction ends. */
export async function holdName(db: Database, userId: string): Promise<void> {
  await db.execute(sql`select 1 from users where id = ${userId} for share`);
}
