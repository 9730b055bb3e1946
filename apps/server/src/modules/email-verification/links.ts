import { EMAIL_VERIFICATION_HOURS } from '@portal/contract/mail';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '@server/db/client';
import { emailVerifications, users } from '@server/db/schema';
import { linkTokenHash, newLinkToken } from '@server/lib/crypto/link-token';

/**
 * Email confirmation links (docs/decisions/027), made like password reset links
 * (docs/SECURITY.md "Password reset by email"): only the token's SHA-256 is kept, a link works
 * once, for EMAIL_VERIFICATION_HOURS, and only while it is the user's newest.
 */

/** A new link's token for `userId`'s current `email`, replacing any earlier link of theirs. */
export async function createEmailVerification(
  db: Database,
  userId: string,
  email: string,
): Promise<string> {
  const { token, hash } = newLinkToken();
  await db.transaction(async (tx) => {
    await tx.delete(emailVerifications).where(eq(emailVerifications.userId, userId));
    await tx.insert(emailVerifications).values({
      tokenHash: hash,
      userId,
      email,
      expiresAt: sql`now() + make_interval(hours => ${EMAIL_VERIFICATION_HOURS})`,
    });
  });
  return token;
}

/**
 * Spends a link and confirms the address it was mailed to: returns the user, or null when the
 * link is unknown, used, expired, or its address is no longer the user's (changed since). One
 * transaction whose first statement marks the link used, so of two uses only one gets it.
 */
export async function confirmEmail(db: Database, token: string): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [link] = await tx
      .update(emailVerifications)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(emailVerifications.tokenHash, linkTokenHash(token)),
          isNull(emailVerifications.usedAt),
          gt(emailVerifications.expiresAt, sql`now()`),
        ),
      )
      .returning({ userId: emailVerifications.userId, email: emailVerifications.email });
    if (!link) return null;
    const [user] = await tx
      .update(users)
      .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
      .where(and(eq(users.id, link.userId), eq(users.email, link.email)))
      .returning({ id: users.id });
    return user?.id ?? null;
  });
}

/** Whether the user's current email is confirmed. */
export async function isEmailVerified(db: Database, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ at: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, userId));
  return row?.at != null;
}

/** Deletes links used or expired more than a day ago (the housekeeping sweep). */
export async function deleteSpentEmailVerifications(db: Database): Promise<number> {
  const deleted = await db
    .delete(emailVerifications)
    .where(
      sql`${emailVerifications.expiresAt} < now() - interval '1 day' or ${emailVerifications.usedAt} < now() - interval '1 day'`,
    )
    .returning({ tokenHash: emailVerifications.tokenHash });
  return deleted.length;
}

/**
 * The link a confirmation mail carries: Home with the confirmation dialog open (the public pages
 * stay the product's five, like the reset link's), the token in the fragment, which browsers
 * never send to a server, so it is in no access log and no Referer.
 */
export function emailVerificationLink(publicUrl: string, token: string): string {
  return `${publicUrl}/?auth=verify-email#token=${token}`;
}
