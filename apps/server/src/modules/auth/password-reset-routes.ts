import { passwordResetConfirmSchema, passwordResetRequestSchema } from '@portal/contract/auth';
import { AppError } from '@server/lib/errors';
import type { RoutePlugin } from '@server/lib/zod-routes';
import { recordAuditEvent } from '@server/modules/audit/audit-log';
import { hit, reset } from '@server/modules/throttle/throttle';
import { findUserByEmail } from '@server/modules/users/repository';
import { refuseCommonPassword } from './common-passwords';
import {
  createPasswordReset,
  passwordResetLink,
  passwordResetMail,
  setPasswordAfterReset,
  spendPasswordReset,
} from './password-reset';
import { hashPassword } from './passwords';
import {
  IP_RESET_CONFIRMS,
  IP_RESET_REQUESTS,
  RESET_MAILS_PER_ACCOUNT,
  tooManyAttempts,
} from './throttling';

const publicRoute = { access: 'public' } as const;

/** Password reset by email (password-reset.ts; docs/SECURITY.md "Password reset by email"). */
const passwordResetRoutes: RoutePlugin = async (app) => {
  const { db } = app;

  app.post(
    '/auth/password-reset',
    { config: publicRoute, schema: { body: passwordResetRequestSchema } },
    async (request, reply) => {
      const byAddress = await hit(db, `password-reset:ip:${request.ip}`, IP_RESET_REQUESTS);
      if (!byAddress.allowed) tooManyAttempts(reply, byAddress.retryAfterSeconds);
      const { email, language } = request.body;

      // The same answer at once whether or not the email has an account: the lookup, the link
      // and the mail happen after it, so neither the words nor the time tell who is registered.
      app.jobs.afterAnswer('password reset mail', async () => {
        const user = await findUserByEmail(db, email);
        if (!user || user.status !== 'active') return;
        const perAccount = await hit(
          db,
          `password-reset:account:${user.id}`,
          RESET_MAILS_PER_ACCOUNT,
        );
        if (!perAccount.allowed) return;
        const token = await createPasswordReset(db, user.id);
        await app.mailer.send(
          passwordResetMail(
            language,
            { email: user.email, name: user.name },
            passwordResetLink(app.config.publicUrl, token),
          ),
        );
        await recordAuditEvent(db, {
          action: 'password_reset_requested',
          subjectUserId: user.id,
          ip: request.ip,
          details: { language },
        });
      });
      return reply.code(202).send();
    },
  );

  app.post(
    '/auth/password-reset/confirm',
    { config: publicRoute, schema: { body: passwordResetConfirmSchema } },
    async (request, reply) => {
      const byAddress = await hit(db, `password-reset-confirm:ip:${request.ip}`, IP_RESET_CONFIRMS);
      if (!byAddress.allowed) tooManyAttempts(reply, byAddress.retryAfterSeconds);
      const { token, password } = request.body;
      // Before the link is spent, so a refused password leaves it usable.
      await refuseCommonPassword(password);
      const passwordHash = await hashPassword(password);

      const done = await db.transaction(async (tx) => {
        const userId = await spendPasswordReset(tx, token);
        if (!userId) return null;
        const changed = await setPasswordAfterReset(tx, userId, passwordHash);
        await recordAuditEvent(tx, {
          action: 'password_reset',
          actorUserId: userId,
          ip: request.ip,
          details: { sessionsEnded: changed.sessionsEnded },
        });
        return changed;
      });
      if (!done) throw new AppError('RESET_LINK_INVALID');
      // Whoever proved the mailbox is the owner: strangers' sign-in delay on the account ends.
      await reset(db, `sign-in:account:${done.email}`);
      if (request.session) await reply.endSession();
      return reply.code(204).send();
    },
  );
};

export default passwordResetRoutes;
