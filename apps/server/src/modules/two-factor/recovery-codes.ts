import { randomInt } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { RECOVERY_CODE_COUNT, RECOVERY_CODE_LENGTH } from '@portal/contract/two-factor';
import type { Database } from '@server/db/client';
import { recoveryCodes } from '@server/db/schema';
import { hashPassword, verifyPassword } from '@server/modules/auth/passwords';

/**
 * Recovery codes (docs/SECURITY.md "Two-factor sign-in"): ten single-use codes of 16 base32
 * characters (80 bits). Below the 112 bits a plain hash would do for, so each is kept as an
 * argon2id hash with its own salt, like a password (ASVS 5.0 6.5.2); shown once, when made.
 */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

function newRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < RECOVERY_CODE_LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

/** A new set for `userId`, replacing any earlier one; returns the codes to show once. */
export async function replaceRecoveryCodes(db: Database, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const hashes = await Promise.all(codes.map(hashPassword));
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.insert(recoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
  return codes;
}

export async function recoveryCodesLeft(db: Database, userId: string): Promise<number> {
  const rows = await db
    .select({ id: recoveryCodes.id })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return rows.length;
}

/**
 * Spends `code` (already read: upper case, no dashes) if it is one of the user's unused codes.
 * The update is conditional, so of two uses of one code at the same time one wins.
 */
export async function spendRecoveryCode(
  db: Database,
  userId: string,
  code: string,
): Promise<boolean> {
  const unused = await db
    .select({ id: recoveryCodes.id, codeHash: recoveryCodes.codeHash })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  const matches = await Promise.all(unused.map((row) => verifyPassword(row.codeHash, code)));
  const match = unused[matches.indexOf(true)];
  if (!match) return false;
  const spent = await db
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(recoveryCodes.id, match.id), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return spent.length === 1;
}
