import { createHash } from 'node:crypto';
import { and, eq, gt, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import { PASSKEY_CHALLENGE_MINUTES } from '@portal/contract/passkeys';
import type { Database } from '@server/db/client';
import { passkeyChallenges } from '@server/db/schema';

/**
 * WebAuthn challenges (docs/decisions/025): random, made by the library with the options, kept
 * as their SHA-256 only, for one purpose (and user, and sign-in for the second step), for
 * PASSKEY_CHALLENGE_MINUTES, and taken once. The browser's answer carries its challenge inside
 * the signed client data, so nothing rides in a cookie: the answer names its own challenge, and
 * the row is claimed (used) before the signature is checked, so a replay or a second request with
 * the same answer finds nothing.
 */

export type PasskeyPurpose = 'register' | 'sign_in' | 'second_factor' | 'step_up';

export const hashOf = (value: string) => createHash('sha256').update(value).digest('base64url');

export async function keepChallenge(
  db: Database,
  challenge: string,
  purpose: PasskeyPurpose,
  userId: string | null,
  signInChallenge: string | null = null,
): Promise<void> {
  await db.insert(passkeyChallenges).values({
    challengeHash: hashOf(challenge),
    purpose,
    userId,
    signInChallengeHash: signInChallenge ? hashOf(signInChallenge) : null,
    expiresAt: sql`now() + make_interval(mins => ${PASSKEY_CHALLENGE_MINUTES})`,
  });
}

/**
 * The challenge the browser's signed client data names, if the server gave it for `purpose`,
 * has not taken it yet, and it has not expired: taken now (once), with its user and sign-in.
 */
export async function takeChallenge(
  db: Database,
  clientDataJSON: string,
  purpose: PasskeyPurpose,
): Promise<{
  challenge: string;
  userId: string | null;
  signInChallengeHash: string | null;
} | null> {
  const challenge = challengeNamedBy(clientDataJSON);
  if (!challenge) return null;
  const [row] = await db
    .update(passkeyChallenges)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(passkeyChallenges.challengeHash, hashOf(challenge)),
        eq(passkeyChallenges.purpose, purpose),
        isNull(passkeyChallenges.usedAt),
        gt(passkeyChallenges.expiresAt, sql`now()`),
      ),
    )
    .returning({
      userId: passkeyChallenges.userId,
      signInChallengeHash: passkeyChallenges.signInChallengeHash,
    });
  return row ? { challenge, ...row } : null;
}

function challengeNamedBy(clientDataJSON: string): string | null {
  try {
    const data: unknown = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'));
    const challenge = (data as { challenge?: unknown } | null)?.challenge;
    return typeof challenge === 'string' && challenge.length > 0 && challenge.length <= 200
      ? challenge
      : null;
  } catch {
    return null;
  }
}

/** Deletes taken and expired challenges (the periodic sweep). */
export async function deleteStalePasskeyChallenges(db: Database): Promise<number> {
  const deleted = await db
    .delete(passkeyChallenges)
    .where(or(isNotNull(passkeyChallenges.usedAt), lte(passkeyChallenges.expiresAt, sql`now()`)))
    .returning({ challengeHash: passkeyChallenges.challengeHash });
  return deleted.length;
}
