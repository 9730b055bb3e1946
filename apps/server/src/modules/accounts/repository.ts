import { randomUUID } from 'node:crypto';
import type { Account } from '@portal/contract/accounts';
import { and, desc, eq, lte, ne, sql } from 'drizzle-orm';
import type { Database } from '@server/db/client';
import { isUniqueViolation } from '@server/db/errors';
import { accountVerifications, merchantAccounts, merchants } from '@server/db/schema';
import type { SecretBox } from '@server/lib/crypto/secret-box';
import { AppError } from '@server/lib/errors';
import { hasOpenRequests } from './open-requests';

type AccountRow = typeof merchantAccounts.$inferSelect;
type MerchantRow = typeof merchants.$inferSelect;
export type VerificationRow = typeof accountVerifications.$inferSelect;

/** How long a verification waits for Submit. */
export const VERIFICATION_MINUTES = 10;

/** One merchant account, one owner (docs/decisions/010). */
const ONE_OWNER = 'merchant_accounts_one_owner_idx';

export function toAccount(row: AccountRow, merchant: MerchantRow): Account {
  return {
    id: row.id,
    merchant: { id: merchant.id, code: merchant.code, name: merchant.name, asset: merchant.asset },
    accountNumber: row.accountNumber,
    holderName: row.holderName,
    name: row.name,
    isDefault: row.isDefault,
    createdAt: row.createdAt.toISOString(),
  };
}

function notFound(): AppError {
  return new AppError('NOT_FOUND', 'This account does not exist.');
}

function alreadySaved(cause?: unknown): AppError {
  return new AppError('ACCOUNT_ALREADY_SAVED', undefined, { cause });
}

/** Serialises a user's account changes (default, first account, delete): locks their row. */
async function lockUser(tx: Database, userId: string): Promise<void> {
  await tx.execute(sql`select id from users where id = ${userId} for update`);
}

/**
 * Who, if anyone, has saved this merchant account: the caller themselves (ACCOUNT_ALREADY_SAVED)
 * or another portal user (MERCHANT_ACCOUNT_TAKEN). A merchant account has one owner, so its
 * balance can be sold only once (docs/decisions/010).
 */
export async function refuseIfSaved(
  db: Database,
  userId: string,
  merchantId: string,
  accountNumber: string,
  cause?: unknown,
): Promise<void> {
  const [row] = await db
    .select({ userId: merchantAccounts.userId })
    .from(merchantAccounts)
    .where(
      and(
        eq(merchantAccounts.merchantId, merchantId),
        eq(merchantAccounts.accountNumber, accountNumber),
      ),
    );
  if (!row) return;
  if (row.userId === userId) throw alreadySaved(cause);
  throw new AppError('MERCHANT_ACCOUNT_TAKEN', undefined, { cause });
}

export interface NewVerification {
  userId: string;
  merchantId: string;
  accountNumber: string;
  holderName: string;
  linkToken: string;
}

/** Keeps what the merchant confirmed for a few minutes; the link token sealed with the row id. */
export async function createVerification(
  db: Database,
  secretBox: SecretBox,
  input: NewVerification,
): Promise<VerificationRow> {
  const id = randomUUID();
  // A user's stale verifications go as new ones come.
  await db
    .delete(accountVerifications)
    .where(
      and(
        eq(accountVerifications.userId, input.userId),
        lte(accountVerifications.expiresAt, sql`now()`),
      ),
    );
  const [row] = await db
    .insert(accountVerifications)
    .values({
      id,
      userId: input.userId,
      merchantId: input.merchantId,
      accountNumber: input.accountNumber,
      holderName: input.holderName,
      linkTokenCiphertext: secretBox.seal(input.linkToken, id),
      expiresAt: sql`now() + make_interval(mins => ${VERIFICATION_MINUTES})`,
    })
    .returning();
  if (!row) throw new Error('The verification row was not inserted.');
  return row;
}

/**
 * Turns the user's unexpired verification into a saved account: the link token is re-sealed
 * with the new account's id, the name defaults to the holder's name, and the user's first
 * account becomes their default. The verification is used up. Runs under the user's row lock so
 * two first accounts saved at once cannot both become default.
 */
export async function saveVerifiedAccount(
  db: Database,
  secretBox: SecretBox,
  input: { userId: string; verificationId: string; name?: string | undefined },
): Promise<Account> {
  try {
    return await db.transaction(async (tx) => {
      await lockUser(tx, input.userId);
      const [verification] = await tx
        .select()
        .from(accountVerifications)
        .where(
          and(
            eq(accountVerifications.id, input.verificationId),
            eq(accountVerifications.userId, input.userId),
            sql`${accountVerifications.expiresAt} > now()`,
          ),
        )
        .for('update');
      if (!verification) throw new AppError('VERIFICATION_EXPIRED');

      const [merchant] = await tx
        .select()
        .from(merchants)
        .where(eq(merchants.id, verification.merchantId));
      if (!merchant || merchant.status !== 'active') throw new AppError('MERCHANT_NOT_AVAILABLE');

      await refuseIfSaved(tx, input.userId, verification.merchantId, verification.accountNumber);

      const [existingDefault] = await tx
        .select({ id: merchantAccounts.id })
        .from(merchantAccounts)
        .where(
          and(eq(merchantAccounts.userId, input.userId), eq(merchantAccounts.isDefault, true)),
        );

      const id = randomUUID();
      const linkToken = secretBox.open(verification.linkTokenCiphertext, verification.id);
      const [row] = await tx
        .insert(merchantAccounts)
        .values({
          id,
          userId: input.userId,
          merchantId: verification.merchantId,
          accountNumber: verification.accountNumber,
          holderName: verification.holderName,
          name: input.name ?? verification.holderName,
          isDefault: existingDefault === undefined,
          linkTokenCiphertext: secretBox.seal(linkToken, id),
        })
        .returning();
      if (!row) throw new Error('The account row was not inserted.');
      await tx.delete(accountVerifications).where(eq(accountVerifications.id, verification.id));
      return toAccount(row, merchant);
    });
  } catch (error) {
    // Two saves of one account at once: the index refused the second; say whose it is.
    if (isUniqueViolation(error, ONE_OWNER)) {
      const [verification] = await db
        .select()
        .from(accountVerifications)
        .where(eq(accountVerifications.id, input.verificationId));
      if (verification) {
        await refuseIfSaved(
          db,
          input.userId,
          verification.merchantId,
          verification.accountNumber,
          error,
        );
      }
      throw alreadySaved(error);
    }
    throw error;
  }
}

/** The user's accounts: the default first, then the newest. */
export async function listAccounts(db: Database, userId: string): Promise<Account[]> {
  const rows = await db
    .select({ account: merchantAccounts, merchant: merchants })
    .from(merchantAccounts)
    .innerJoin(merchants, eq(merchants.id, merchantAccounts.merchantId))
    .where(eq(merchantAccounts.userId, userId))
    .orderBy(
      desc(merchantAccounts.isDefault),
      desc(merchantAccounts.createdAt),
      desc(merchantAccounts.id),
    );
  return rows.map(({ account, merchant }) => toAccount(account, merchant));
}

/** One of the user's accounts with its merchant, in one query; null for anyone else's. */
export async function findOwnAccount(
  db: Database,
  userId: string,
  id: string,
): Promise<{ account: AccountRow; merchant: MerchantRow } | null> {
  const [row] = await db
    .select({ account: merchantAccounts, merchant: merchants })
    .from(merchantAccounts)
    .innerJoin(merchants, eq(merchants.id, merchantAccounts.merchantId))
    .where(and(eq(merchantAccounts.id, id), eq(merchantAccounts.userId, userId)));
  return row ?? null;
}

/**
 * Makes one of the user's accounts their default. Under the user's row lock the old default is
 * cleared, then the new one set, so concurrent calls end with exactly one default (the partial
 * unique index would refuse two anyway).
 */
export async function makeDefault(db: Database, userId: string, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const found = await findOwnAccount(tx, userId, id);
    if (!found) throw notFound();
    await tx
      .update(merchantAccounts)
      .set({ isDefault: false })
      .where(
        and(
          eq(merchantAccounts.userId, userId),
          eq(merchantAccounts.isDefault, true),
          ne(merchantAccounts.id, id),
        ),
      );
    await tx
      .update(merchantAccounts)
      .set({ isDefault: true })
      .where(and(eq(merchantAccounts.id, id), eq(merchantAccounts.userId, userId)));
  });
}

export async function renameAccount(
  db: Database,
  userId: string,
  id: string,
  name: string,
): Promise<Account> {
  const [updated] = await db
    .update(merchantAccounts)
    .set({ name })
    .where(and(eq(merchantAccounts.id, id), eq(merchantAccounts.userId, userId)))
    .returning({ id: merchantAccounts.id });
  if (!updated) throw notFound();
  const found = await findOwnAccount(db, userId, id);
  if (!found) throw notFound();
  return toAccount(found.account, found.merchant);
}

/**
 * Deletes one of the user's accounts, unless it has open buy or sell requests. When it was the
 * default and others remain, the newest remaining one becomes the default.
 */
export async function deleteAccount(db: Database, userId: string, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const found = await findOwnAccount(tx, userId, id);
    if (!found) throw notFound();
    // Locked before the check: a buy or sell request being made on it (which holds the row
    // FOR SHARE) either finishes first and is seen, or waits and then finds no account.
    await tx.execute(sql`select id from merchant_accounts where id = ${id} for update`);
    if (await hasOpenRequests(tx, id)) throw new AppError('ACCOUNT_HAS_OPEN_REQUESTS');
    await tx.delete(merchantAccounts).where(eq(merchantAccounts.id, id));
    if (!found.account.isDefault) return;
    const [newest] = await tx
      .select({ id: merchantAccounts.id })
      .from(merchantAccounts)
      .where(eq(merchantAccounts.userId, userId))
      .orderBy(desc(merchantAccounts.createdAt), desc(merchantAccounts.id))
      .limit(1);
    if (newest) {
      await tx
        .update(merchantAccounts)
        .set({ isDefault: true })
        .where(eq(merchantAccounts.id, newest.id));
    }
  });
}
