import { and, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { SecondFactorCode } from '@portal/contract/two-factor';
import type { Database } from '@server/db/client';
import { passkeys, recoveryCodes, totpCredentials } from '@server/db/schema';
import type { SecretBox } from '@server/lib/crypto/secret-box';
import { spendRecoveryCode } from './recovery-codes';
import { newTotpSecret, stepOfCode } from './totp';

/**
 * A user's authenticator-app secret: made by set-up, in force once confirmed, gone when turned
 * off (docs/SECURITY.md "Two-factor sign-in"). Sealed with the secret box under the user's id,
 * so a sealed secret moved to another user's row does not open.
 */

const sealedFor = (userId: string) => `totp:${userId}`;

/** When two-factor sign-in was turned on, or null if it is off. */
export async function twoFactorSince(db: Database, userId: string): Promise<Date | null> {
  const [row] = await db
    .select({ confirmedAt: totpCredentials.confirmedAt })
    .from(totpCredentials)
    .where(eq(totpCredentials.userId, userId));
  return row?.confirmedAt ?? null;
}

/**
 * A new secret waiting for its first code, replacing any earlier one not confirmed. Null if
 * two-factor is already on (a second set-up would not replace it).
 */
export async function startTotpSetup(
  db: Database,
  box: SecretBox,
  userId: string,
): Promise<string | null> {
  const secret = newTotpSecret();
  const secretSealed = box.seal(secret, sealedFor(userId));
  const saved = await db
    .insert(totpCredentials)
    .values({ userId, secretSealed })
    .onConflictDoUpdate({
      target: totpCredentials.userId,
      set: { secretSealed, createdAt: sql`now()`, lastUsedStep: null },
      setWhere: isNull(totpCredentials.confirmedAt),
    })
    .returning({ userId: totpCredentials.userId });
  return saved.length === 1 ? secret : null;
}

async function secretOf(
  db: Database,
  box: SecretBox,
  userId: string,
  confirmed: boolean,
): Promise<string | null> {
  const [row] = await db
    .select({ secretSealed: totpCredentials.secretSealed })
    .from(totpCredentials)
    .where(
      and(
        eq(totpCredentials.userId, userId),
        confirmed ? isNotNull(totpCredentials.confirmedAt) : isNull(totpCredentials.confirmedAt),
      ),
    );
  return row ? box.open(row.secretSealed, sealedFor(userId)) : null;
}

/**
 * Takes `code` for the user's secret (the confirmed one, or the one waiting for confirmation)
 * if it is right and its step is later than the last one taken: each code works once, and of
 * two requests with one code only one gets through (a conditional update). Confirming sets
 * `confirmed_at` in the same update.
 */
async function takeTotpCode(
  db: Database,
  box: SecretBox,
  userId: string,
  code: string,
  confirming: boolean,
): Promise<'taken' | 'wrong' | 'none'> {
  const secret = await secretOf(db, box, userId, !confirming);
  if (!secret) return 'none';
  const step = stepOfCode(secret, code);
  if (step === null) return 'wrong';
  const taken = await db
    .update(totpCredentials)
    .set(confirming ? { lastUsedStep: step, confirmedAt: sql`now()` } : { lastUsedStep: step })
    .where(
      and(
        eq(totpCredentials.userId, userId),
        confirming ? isNull(totpCredentials.confirmedAt) : isNotNull(totpCredentials.confirmedAt),
        or(isNull(totpCredentials.lastUsedStep), lt(totpCredentials.lastUsedStep, step)),
      ),
    )
    .returning({ userId: totpCredentials.userId });
  return taken.length === 1 ? 'taken' : 'wrong';
}

/** Turns two-factor on with the first code from the app: 'none' if no set-up is waiting. */
export function confirmTotpSetup(db: Database, box: SecretBox, userId: string, code: string) {
  return takeTotpCode(db, box, userId, code, true);
}

/**
 * Checks a second factor of a user whose two-factor is on: an app code (once per step) or an
 * unused recovery code (spent). Returns what proved it, or null.
 */
export async function proveSecondFactor(
  db: Database,
  box: SecretBox,
  userId: string,
  code: SecondFactorCode,
): Promise<'totp' | 'recovery' | null> {
  if (code.kind === 'totp') {
    return (await takeTotpCode(db, box, userId, code.code, false)) === 'taken' ? 'totp' : null;
  }
  if (!(await twoFactorSince(db, userId))) return null;
  return (await spendRecoveryCode(db, userId, code.code)) ? 'recovery' : null;
}

/**
 * Two-factor on with a secret chosen elsewhere: the demo users' published secrets (README "Demo
 * sign-ins"), and tests' staff. Nothing a request can reach.
 */
export async function enrolTotpSecret(
  db: Database,
  box: SecretBox,
  userId: string,
  secret: string,
): Promise<void> {
  await db
    .insert(totpCredentials)
    .values({ userId, secretSealed: box.seal(secret, sealedFor(userId)), confirmedAt: new Date() })
    .onConflictDoNothing();
}

/**
 * Turns two-factor off: the secret, every recovery code and every passkey go (passkeys are
 * offered only with the app on, docs/decisions/025).
 */
export async function removeTwoFactor(db: Database, userId: string): Promise<boolean> {
  const removed = await db
    .delete(totpCredentials)
    .where(eq(totpCredentials.userId, userId))
    .returning({ userId: totpCredentials.userId });
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.delete(passkeys).where(eq(passkeys.userId, userId));
  return removed.length === 1;
}
