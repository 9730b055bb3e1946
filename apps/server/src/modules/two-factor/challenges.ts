import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt, lte, or, sql, isNotNull } from 'drizzle-orm';
import { SIGN_IN_CHALLENGE_ATTEMPTS, SIGN_IN_CHALLENGE_MINUTES } from '@portal/contract/two-factor';
import type { Database } from '@server/db/client';
import { signInChallenges } from '@server/db/schema';
import { sessionIdOf } from '@server/modules/auth/sessions';

/**
 * A sign-in between its password and its second factor (docs/SECURITY.md "Two-factor
 * sign-in"): the page holds a random token, the table its SHA-256. It lasts five minutes, takes
 * five codes, and finishes once. Two sign-ins of one user at once (a phone and a computer) each
 * have their own; what bounds guessing is the user's count of wrong codes, whichever sign-in
 * they come on (SECOND_FACTOR_FAILURES). No session exists until one finishes, so nothing is
 * reachable with the password alone.
 */

export async function startSignInChallenge(db: Database, userId: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .delete(signInChallenges)
    .where(and(eq(signInChallenges.userId, userId), lte(signInChallenges.expiresAt, sql`now()`)));
  await db.insert(signInChallenges).values({
    tokenHash: sessionIdOf(token),
    userId,
    expiresAt: sql`now() + make_interval(mins => ${SIGN_IN_CHALLENGE_MINUTES})`,
  });
  return token;
}

/**
 * Counts one code against the challenge and returns its user, or null when the challenge is
 * unknown, expired, finished or out of attempts. Counted before the code is checked, in one
 * conditional update, so parallel guesses cannot share an attempt.
 */
export async function claimChallengeAttempt(db: Database, token: string): Promise<string | null> {
  const [row] = await db
    .update(signInChallenges)
    .set({ attempts: sql`${signInChallenges.attempts} + 1` })
    .where(
      and(
        eq(signInChallenges.tokenHash, sessionIdOf(token)),
        isNull(signInChallenges.usedAt),
        gt(signInChallenges.expiresAt, sql`now()`),
        lt(signInChallenges.attempts, SIGN_IN_CHALLENGE_ATTEMPTS),
      ),
    )
    .returning({ userId: signInChallenges.userId });
  return row?.userId ?? null;
}

/**
 * The user of a live challenge without counting an attempt (staff's first sign-in asking for
 * its secret), or null.
 */
export async function challengeUser(db: Database, token: string): Promise<string | null> {
  const [row] = await db
    .select({ userId: signInChallenges.userId })
    .from(signInChallenges)
    .where(
      and(
        eq(signInChallenges.tokenHash, sessionIdOf(token)),
        isNull(signInChallenges.usedAt),
        gt(signInChallenges.expiresAt, sql`now()`),
        lt(signInChallenges.attempts, SIGN_IN_CHALLENGE_ATTEMPTS),
      ),
    );
  return row?.userId ?? null;
}

/** Finishes the challenge: true for the one request that does. */
export async function finishChallenge(db: Database, token: string): Promise<boolean> {
  const done = await db
    .update(signInChallenges)
    .set({ usedAt: sql`now()` })
    .where(and(eq(signInChallenges.tokenHash, sessionIdOf(token)), isNull(signInChallenges.usedAt)))
    .returning({ userId: signInChallenges.userId });
  return done.length === 1;
}

/** Deletes finished and expired challenges (the periodic sweep). */
export async function deleteStaleChallenges(db: Database): Promise<number> {
  const deleted = await db
    .delete(signInChallenges)
    .where(or(isNotNull(signInChallenges.usedAt), lte(signInChallenges.expiresAt, sql`now()`)))
    .returning({ tokenHash: signInChallenges.tokenHash });
  return deleted.length;
}
