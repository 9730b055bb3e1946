import {
  isTwoFactorRequired,
  recoveryCodesResponseSchema,
  renewRecoveryCodesRequestSchema,
  stepUpRequestSchema,
  twoFactorConfirmRequestSchema,
  twoFactorDisableRequestSchema,
  twoFactorSetupRequestSchema,
  twoFactorSetupResponseSchema,
  twoFactorStatusSchema,
} from '@portal/contract/two-factor';
import { AppError } from '@server/lib/errors';
import type { RoutePlugin } from '@server/lib/zod-routes';
import { recordAuditEvent } from '@server/modules/audit/audit-log';
import { checkCurrentPassword } from '@server/modules/auth/current-password';
import { deleteOtherSessions, markSecondFactor } from '@server/modules/auth/sessions';
import { removeTwoFactor, startTotpSetup, twoFactorSince } from './credentials';
import { confirmOrRefuse, mailChange, proveOrRefuse } from './proofs';
import { recoveryCodesLeft, replaceRecoveryCodes } from './recovery-codes';
import { otpauthUrl, qrCodeOf } from './totp';

/**
 * Two-factor sign-in on Profile (docs/SECURITY.md "Two-factor sign-in"): the signed-in user turns
 * it on with an authenticator app, makes new recovery codes, or turns it off (not staff, who
 * must keep it), and proves it again for a change that asks for a recent proof (step-up.ts).
 * Every change is recorded and mailed to the account's owner; the sign-in's own steps are in
 * sign-in-routes.ts.
 */
const twoFactorRoutes: RoutePlugin = async (app) => {
  const { db } = app;

  app.post('/auth/step-up', { schema: { body: stepUpRequestSchema } }, async (request, reply) => {
    const user = app.signedInUser(request);
    if (!(await twoFactorSince(db, user.id))) throw new AppError('TWO_FACTOR_NOT_ON');
    await proveOrRefuse(app, reply, user.id, request.body.code);
    if (request.session) await markSecondFactor(db, request.session.id);
    return reply.code(204).send();
  });

  app.get(
    '/profile/two-factor',
    { schema: { response: { 200: twoFactorStatusSchema } } },
    async (request) => {
      const { id } = app.signedInUser(request);
      const since = await twoFactorSince(db, id);
      return {
        enabled: since !== null,
        enabledAt: since?.toISOString() ?? null,
        recoveryCodesLeft: since ? await recoveryCodesLeft(db, id) : 0,
      };
    },
  );

  app.post(
    '/profile/two-factor/setup',
    {
      schema: {
        body: twoFactorSetupRequestSchema,
        response: { 200: twoFactorSetupResponseSchema },
      },
    },
    async (request, reply) => {
      const user = app.signedInUser(request);
      await checkCurrentPassword(db, reply, user.id, request.body.currentPassword);
      const secret = await startTotpSetup(db, app.secretBox, user.id);
      if (!secret) throw new AppError('TWO_FACTOR_ALREADY_ON');
      const url = otpauthUrl(secret, user.email);
      return { secret, otpauthUrl: url, qrCode: await qrCodeOf(url) };
    },
  );

  app.post(
    '/profile/two-factor/confirm',
    {
      schema: {
        body: twoFactorConfirmRequestSchema,
        response: { 200: recoveryCodesResponseSchema },
      },
    },
    async (request, reply) => {
      const user = app.signedInUser(request);
      const { code, language = 'ko' } = request.body;
      await confirmOrRefuse(app, reply, user.id, code);
      const recoveryCodes = await replaceRecoveryCodes(db, user.id);
      // Sessions opened with the password alone end: from now on, the account asks for both.
      const ended = request.session
        ? await deleteOtherSessions(db, user.id, request.session.id)
        : 0;
      if (request.session) await markSecondFactor(db, request.session.id);
      await recordAuditEvent(db, {
        action: 'two_factor_enabled',
        actorUserId: user.id,
        ip: request.ip,
        details: { otherSessionsEnded: ended },
      });
      mailChange(app, user, language, 'enabled');
      return { recoveryCodes };
    },
  );

  app.post(
    '/profile/two-factor/recovery-codes',
    {
      schema: {
        body: renewRecoveryCodesRequestSchema,
        response: { 200: recoveryCodesResponseSchema },
      },
    },
    async (request, reply) => {
      const user = app.signedInUser(request);
      const { code, language = 'ko' } = request.body;
      if (!(await twoFactorSince(db, user.id))) throw new AppError('TWO_FACTOR_NOT_ON');
      await proveOrRefuse(app, reply, user.id, code);
      const recoveryCodes = await replaceRecoveryCodes(db, user.id);
      await recordAuditEvent(db, {
        action: 'recovery_codes_renewed',
        actorUserId: user.id,
        ip: request.ip,
      });
      mailChange(app, user, language, 'codesRenewed');
      return { recoveryCodes };
    },
  );

  app.post(
    '/profile/two-factor/disable',
    { schema: { body: twoFactorDisableRequestSchema } },
    async (request, reply) => {
      const user = app.signedInUser(request);
      const { currentPassword, code, language = 'ko' } = request.body;
      if (!(await twoFactorSince(db, user.id))) throw new AppError('TWO_FACTOR_NOT_ON');
      if (isTwoFactorRequired(user.role)) throw new AppError('TWO_FACTOR_REQUIRED_FOR_ROLE');
      await checkCurrentPassword(db, reply, user.id, currentPassword);
      await proveOrRefuse(app, reply, user.id, code);
      if (!(await removeTwoFactor(db, user.id))) throw new AppError('TWO_FACTOR_NOT_ON');
      await recordAuditEvent(db, {
        action: 'two_factor_disabled',
        actorUserId: user.id,
        ip: request.ip,
      });
      mailChange(app, user, language, 'disabled');
      return reply.code(204).send();
    },
  );
};

export default twoFactorRoutes;
