import type { MailLanguage } from '@portal/contract/auth';
import type { CurrentUser } from '@portal/contract/users';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Database } from '@server/db/client';
import { users } from '@server/db/schema';
import { AppError } from '@server/lib/errors';
import type { App } from '@server/lib/zod-routes';
import { recordAuditEvent } from '@server/modules/audit/audit-log';
import { agencyStatusOf, findSignedInUser } from '@server/modules/users/repository';
import { newDeviceMail } from './new-device-mail';
import { toCurrentUser } from './sessions';

/** Who is being let in: what the last checks before the session need. */
export interface Admitted {
  id: string;
  email: string;
  name: string;
  role: string;
  status: string;
  agencyId: string | null;
}

/** A disabled user, or an agency user of a disabled agency, is not let in (decision 022). */
export async function refuseUnusableAccount(db: Database, user: Admitted): Promise<void> {
  if (user.status !== 'active') throw new AppError('ACCOUNT_DISABLED');
  if (user.role === 'agency' && (await agencyStatusOf(db, user.agencyId)) !== 'active') {
    throw new AppError('AGENCY_DISABLED');
  }
}

/**
 * The end of every sign-in, with the password alone, with its second factor too, or with a
 * passkey (docs/decisions/025): the account must still be usable (it may have been disabled
 * between the two steps); then a new session, the audit event, and mail if the browser is new to
 * the account (new-device-mail.ts), sent after the answer.
 */
export async function admit(
  app: App,
  request: FastifyRequest,
  reply: FastifyReply,
  user: Admitted,
  {
    language,
    secondFactor,
    method,
  }: { language: MailLanguage; secondFactor: boolean; method?: 'passkey' },
): Promise<{ user: CurrentUser }> {
  const { db } = app;
  await refuseUnusableAccount(db, user);
  const newDevice = request.knownDeviceOf(user.id) === null;
  await reply.startSession(user.id, { secondFactor });
  // The page's language, for the mails nobody asks for from a page (docs/decisions/027).
  await db.update(users).set({ mailLanguage: language }).where(eq(users.id, user.id));
  await recordAuditEvent(db, {
    action: 'sign_in',
    actorUserId: user.id,
    ip: request.ip,
    // `method`: how it was proved when not with the password (a passkey, docs/decisions/025).
    details: { ...(secondFactor ? { secondFactor: true } : {}), ...(method ? { method } : {}) },
  });
  if (newDevice) {
    const signIn = {
      to: { email: user.email, name: user.name },
      userAgent: request.headers['user-agent'] ?? null,
      ip: request.ip,
      at: new Date(),
      publicUrl: app.config.publicUrl,
    };
    app.jobs.afterAnswer('new device mail', () => app.mailer.send(newDeviceMail(language, signIn)));
  }
  return { user: await justSignedIn(db, user.id) };
}

/**
 * The user whose session was just started (a sign-in or a sign-up): gone only if deleted in the
 * same instant, which is a failure (500), not an answer with no user.
 */
export async function justSignedIn(db: Database, userId: string): Promise<CurrentUser> {
  const signedIn = await findSignedInUser(db, userId);
  if (!signedIn) throw new Error(`The user ${userId} just signed in no longer exists.`);
  return toCurrentUser(signedIn);
}
