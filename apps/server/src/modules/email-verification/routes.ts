import { confirmEmailRequestSchema, resendVerificationRequestSchema } from '@portal/contract/mail';
import { AppError } from '@server/lib/errors';
import type { RoutePlugin } from '@server/lib/zod-routes';
import { recordAuditEvent } from '@server/modules/audit/audit-log';
import { tooManyAttempts } from '@server/modules/auth/throttling';
import { hit } from '@server/modules/throttle/throttle';
import { confirmEmail, isEmailVerified } from './links';
import { mailEmailVerification } from './send';

/** "Send the link again": once a minute, and five an hour, per user. */
const RESEND_EACH_MINUTE = { limit: 1, windowSeconds: 60 };
const RESENDS_PER_HOUR = { limit: 5, windowSeconds: 60 * 60 };
/** Links tried per IP address (a token is 32 random bytes; this only stops a flood). */
const IP_CONFIRMS = { limit: 30, windowSeconds: 60 * 60 };

/**
 * Email confirmation (docs/decisions/027):
 *   POST /email-verification/confirm { token }     public: the link's page confirms the address
 *   POST /email-verification/resend  { language }  signed in: mails a new link
 */
const emailVerificationRoutes: RoutePlugin = async (app) => {
  const { db } = app;

  app.post(
    '/email-verification/confirm',
    { config: { access: 'public' }, schema: { body: confirmEmailRequestSchema } },
    async (request, reply) => {
      const byAddress = await hit(db, `email-verify:ip:${request.ip}`, IP_CONFIRMS);
      if (!byAddress.allowed) tooManyAttempts(reply, byAddress.retryAfterSeconds);
      const userId = await confirmEmail(db, request.body.token);
      if (!userId) throw new AppError('VERIFY_LINK_INVALID');
      await recordAuditEvent(db, {
        action: 'email_verified',
        subjectUserId: userId,
        ip: request.ip,
      });
      return reply.code(204).send();
    },
  );

  app.post(
    '/email-verification/resend',
    { schema: { body: resendVerificationRequestSchema } },
    async (request, reply) => {
      const user = app.signedInUser(request);
      // Nothing to confirm: no mail, and no count against the user.
      if (await isEmailVerified(db, user.id)) return reply.code(204).send();
      for (const [name, rule] of [
        ['minute', RESEND_EACH_MINUTE],
        ['hour', RESENDS_PER_HOUR],
      ] as const) {
        const throttled = await hit(db, `email-verify-resend:${name}:${user.id}`, rule);
        if (!throttled.allowed) tooManyAttempts(reply, throttled.retryAfterSeconds);
      }
      mailEmailVerification(app, user, request.body.language, request.ip);
      return reply.code(202).send();
    },
  );
};

export default emailVerificationRoutes;
