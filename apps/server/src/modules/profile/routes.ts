import {
  changePasswordRequestSchema,
  updateProfileRequestSchema,
  updateProfileResponseSchema,
} from '@portal/contract/profile';
import { AppError } from '@server/lib/errors';
import type { RoutePlugin } from '@server/lib/zod-routes';
import { recordAuditEvent } from '@server/modules/audit/audit-log';
import { refuseCommonPassword } from '@server/modules/auth/common-passwords';
import { checkCurrentPassword } from '@server/modules/auth/current-password';
import { hashPassword } from '@server/modules/auth/passwords';
import { mailEmailVerification } from '@server/modules/email-verification/send';
import { requireRecentSecondFactor } from '@server/modules/two-factor/step-up';
import { refuseNameEdit } from '@server/modules/kyc/name-lock';
import { deleteOtherSessions, toCurrentUser } from '@server/modules/auth/sessions';
import {
  findSignedInUser,
  updatePasswordHash,
  updateProfile,
} from '@server/modules/users/repository';

/**
 * The signed-in user's own profile (docs/PRODUCT.md "Screens"). Reading it is GET /api/auth/me; these
 * change it.
 */
const profileRoutes: RoutePlugin = async (app) => {
  const { db } = app;

  app.put(
    '/profile',
    {
      schema: { body: updateProfileRequestSchema, response: { 200: updateProfileResponseSchema } },
    },
    async (request) => {
      const { id, email, name } = app.signedInUser(request);
      const { language = 'ko', ...change } = request.body;
      // A new email is a new way into the account (password reset mails go there): step-up.
      if (change.email !== email) {
        await requireRecentSecondFactor(db, request);
      }
      // The name deposits are matched by: locked once verified, and never while a buy is open
      // (docs/decisions/010).
      const changed = await updateProfile(db, id, change, (tx) => refuseNameEdit(tx, id));
      if (!changed) throw new AppError('EMAIL_TAKEN', undefined, { fields: { email: 'invalid' } });
      if (changed.length > 0) {
        await recordAuditEvent(db, {
          action: 'profile_changed',
          actorUserId: id,
          ip: request.ip,
          details: { changed },
        });
      }
      // The new address is unconfirmed until the link mailed to it is opened (decision 027).
      if (changed.includes('email')) {
        mailEmailVerification(
          app,
          { id, email: change.email, name: change.name ?? name },
          language,
          request.ip,
        );
      }
      const user = await findSignedInUser(db, id);
      if (!user) throw new AppError('UNAUTHENTICATED');
      return { user: toCurrentUser(user) };
    },
  );

  app.post(
    '/profile/password',
    { schema: { body: changePasswordRequestSchema } },
    async (request, reply) => {
      const { id } = app.signedInUser(request);
      const { currentPassword, password } = request.body;
      await requireRecentSecondFactor(db, request);
      await checkCurrentPassword(db, reply, id, currentPassword);

      await refuseCommonPassword(password);
      const newHash = await hashPassword(password);
      await db.transaction(async (tx) => {
        await updatePasswordHash(tx, id, newHash);
        const ended = await deleteOtherSessions(tx, id, request.session?.id ?? null);
        await recordAuditEvent(tx, {
          action: 'password_changed',
          actorUserId: id,
          ip: request.ip,
          details: { otherSessionsEnded: ended },
        });
      });
      return reply.code(204).send();
    },
  );
};

export default profileRoutes;
