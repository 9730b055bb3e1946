import { PASSWORD_RESET_MINUTES, type MailLanguage } from '@portal/contract/auth';
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '@server/db/client';
import { passwordResets, users } from '@server/db/schema';
import { linkTokenHash, newLinkToken } from '@server/lib/crypto/link-token';
import type { MailMessage } from '@server/lib/mail/mailer';
import { deleteOtherSessions } from './sessions';

/**
 * Password reset by email (docs/SECURITY.md "Password reset by email"): a link with 32 random
 * bytes, of which only the SHA-256 is kept, that works once, for 30 minutes, and only while it
 * is the user's newest. Setting the password through it ends every session and signs nobody in:
 * the person signs in afterwards like anyone else, so a reset never skips what sign-in asks.
 */

/** A new link's token for `userId`, replacing any earlier link of theirs. */
export async function createPasswordReset(db: Database, userId: string): Promise<string> {
  const { token, hash } = newLinkToken();
  await db.transaction(async (tx) => {
    await tx.delete(passwordResets).where(eq(passwordResets.userId, userId));
    await tx.insert(passwordResets).values({
      tokenHash: hash,
      userId,
      expiresAt: sql`now() + make_interval(mins => ${PASSWORD_RESET_MINUTES})`,
    });
  });
  return token;
}

/**
 * Spends a link: marks it used and returns its user, or null when it is unknown, used, expired
 * or its user is disabled. One statement, so of two uses at the same moment only one gets it.
 */
export async function spendPasswordReset(db: Database, token: string): Promise<string | null> {
  const [row] = await db
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(passwordResets.tokenHash, linkTokenHash(token)),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, sql`now()`),
        sql`exists (select 1 from ${users} where ${users.id} = ${passwordResets.userId} and ${users.status} = 'active')`,
      ),
    )
    .returning({ userId: passwordResets.userId });
  return row?.userId ?? null;
}

/**
 * Sets the new password and ends every session of the user (any of them may be the intruder's).
 * Returns the user's email and how many sessions ended.
 */
export async function setPasswordAfterReset(
  db: Database,
  userId: string,
  passwordHash: string,
): Promise<{ email: string; sessionsEnded: number }> {
  const [user] = await db
    .update(users)
    .set({ passwordHash })
    .where(eq(users.id, userId))
    .returning({ email: users.email });
  if (!user) throw new Error(`The user ${userId} of a spent reset link no longer exists.`);
  const sessionsEnded = await deleteOtherSessions(db, userId, null);
  return { email: user.email, sessionsEnded };
}

/** Deletes links used or expired more than a day ago (the housekeeping sweep). */
export async function deleteSpentPasswordResets(db: Database): Promise<number> {
  const deleted = await db
    .delete(passwordResets)
    .where(
      or(
        lt(passwordResets.expiresAt, sql`now() - interval '1 day'`),
        lt(passwordResets.usedAt, sql`now() - interval '1 day'`),
      ),
    )
    .returning({ tokenHash: passwordResets.tokenHash });
  return deleted.length;
}

/**
 * The link a reset mail carries: Home with the reset dialog open (the public pages stay the
 * product's five), the token in the fragment, which browsers never send to a server, so it is in
 * no access log and no Referer.
 */
export function passwordResetLink(publicUrl: string, token: string): string {
  return `${publicUrl}/?auth=reset-password#token=${token}`;
}

const RESET_MAIL: Record<MailLanguage, (name: string, link: string) => Omit<MailMessage, 'to'>> = {
  en: (name, link) => ({
    subject: 'Reset your WonBridge password',
    text: [
      `Hello ${name},`,
      '',
      'Someone asked to reset the password of your WonBridge account. To choose a new password,',
      `open this link within ${PASSWORD_RESET_MINUTES} minutes:`,
      '',
      link,
      '',
      'The link works once. Setting a new password signs you out everywhere.',
      'If you did not ask for this, ignore this mail: your password stays as it is.',
      '',
      'WonBridge',
    ].join('\n'),
  }),
  ko: (name, link) => ({
    subject: '원브릿지 비밀번호 재설정',
    text: [
      `${name}님, 안녕하세요.`,
      '',
      '원브릿지 계정의 비밀번호 재설정이 요청되었습니다. 새 비밀번호를 정하려면',
      `${PASSWORD_RESET_MINUTES}분 안에 아래 링크를 여세요.`,
      '',
      link,
      '',
      '링크는 한 번만 쓸 수 있습니다. 새 비밀번호를 정하면 모든 기기에서 로그아웃됩니다.',
      '요청하지 않으셨다면 이 메일을 무시하세요. 비밀번호는 그대로 유지됩니다.',
      '',
      '원브릿지',
    ].join('\n'),
  }),
};

/** The reset mail, in the language of the page it was asked from. */
export function passwordResetMail(
  language: MailLanguage,
  to: { email: string; name: string },
  link: string,
): MailMessage {
  return { to: to.email, ...RESET_MAIL[language](to.name, link) };
}
