import {
  recoveryCodesResponseSchema,
  renewRecoveryCodesRequestSchema,
  secondFactorSignInRequestSchema,
  twoFactorConfirmRequestSchema,
  twoFactorDisableRequestSchema,
  twoFactorSetupRequestSchema,
  twoFactorSetupResponseSchema,
  twoFactorStatusSchema,
  type SecondFactorCode,
} from '@portal/contract/two-factor';
import type { MailLanguage } from '@portal/contract/auth';
import { signedInUserResponseSchema } from '@portal/contract/users';
import type { FastifyReply } from 'fastify';
import { AppError } from '@server/lib/errors';
import type { RoutePlugin } from '@server/lib/zod-routes';
import { recordAuditEvent } from '@server/modules/audit/audit-log';
import { checkCurrentPassword } from '@server/modules/auth/current-password';
import { deleteOtherSessions, markSecondFactor } from '@server/modules/auth/sessions';
import { admit } from '@server/modules/auth/sign-in';
import {
  IP_SIGN_IN_FAILURES,
  SECOND_FACTOR_FAILURES,
  tooManyAttempts,
} from '@server/modules/auth/throttling';
import { hit, peek, release, reset } from '@server/modules/throttle/throttle';
import { findManagedUser } from '@server/modules/users/repository';
import { claimChallengeAttempt, finishChallenge } from './challenges';
import {
  confirmTotpSetup,
  proveSecondFactor,
  removeTwoFactor,
  startTotpSetup,
  twoFactorSince,
} from './credentials';
import { twoFactorChangeMail, type TwoFactorChange } from './mail';
import { recoveryCodesLeft, replaceRecoveryCodes } from './recovery-codes';
import { otpauthUrl, qrCodeOf } from './totp';

/**
 * Two-factor sign-in (docs/SECURITY.md "Two-factor sign-in"): the sign-in's second step, and
 * the signed-in user's own set-up on Profile: turn on with an authenticator app, new recovery
 * codes, turn off. Every change is recorded and mailed to the account's owner.
 */
const twoFactorRoutes: RoutePlugin = async (app) => {
  const { db } = app;

  /** A wrong code counts against the user; too many, and codes wait (429). */
  const proveOrRefuse = async (
    reply: FastifyReply,
    userId: string,
    code: SecondFactorCode,
  ): Promise<'totp' | 'recovery'> => {
    const key = `second-factor:user:${userId}`;
    const throttled = await peek(db, key, SECOND_FACTOR_FAILURES);
    if (!throttled.allowed) tooManyAttempts(reply, throttled.retryAfterSeconds);
    const proved = await proveSecondFactor(db, app.secretBox, userId, code);
    if (!proved) {
      await hit(db, key, SECOND_FACTOR_FAILURES);
      throw new AppError('SECOND_FACTOR_INVALID', undefined, {
        fields: { code: 'secondFactorWrong' },
      });
    }
    await reset(db, key);
    return proved;
  };

  const mailChange = (
    to: { email: string; name: string },
    language: MailLanguage,
    change: TwoFactorChange,
    codesLeft = 0,
  ) =>
    app.jobs.afterAnswer('two-factor mail', () =>
      app.mailer.send(twoFactorChangeMail(language, to, change, app.config.publicUrl, codesLeft)),
    );

  app.post(
    '/auth/sign-in/second-factor',
    {
      config: { access: 'public' },
      schema: {
        body: secondFactorSignInRequestSchema,
        response: { 200: signedInUserResponseSchema },
      },
    },
    async (request, reply) => {
      const { challenge, code, language = 'ko' } = request.body;
      // Wrong codes count against the address like wrong passwords (taken back on success).
      const addressKey = `sign-in:ip:${request.ip}`;
      const byAddress = await hit(db, addressKey, IP_SIGN_IN_FAILURES);
      if (!byAddress.allowed) tooManyAttempts(reply, byAddress.retryAfterSeconds);

      const userId = await claimChallengeAttempt(db, challenge);
      const user = userId ? await findManagedUser(db, userId) : null;
      if (!userId || !user) throw new AppError('SIGN_IN_CHALLENGE_INVALID');
      let proved: 'totp' | 'recovery';
      try {
        proved = await proveOrRefuse(reply, userId, code);
      } catch (error) {
        await recordAuditEvent(db, {
          action: 'sign_in_failed',
          subjectUserId: userId,
          ip: request.ip,
          details: { email: user.email, secondFactor: code.kind },
        });
        throw error;
      }
      // Of two right codes sent together, one signs in.
      if (!(await finishChallenge(db, challenge))) throw new AppError('SIGN_IN_CHALLENGE_INVALID');
      await release(db, addressKey);
      const answer = await admit(app, request, reply, user, { language, secondFactor: true });
      if (proved === 'recovery') {
        const left = await recoveryCodesLeft(db, userId);
        await recordAuditEvent(db, {
          action: 'recovery_code_used',
          actorUserId: userId,
          ip: request.ip,
          details: { recoveryCodesLeft: left },
        });
        mailChange(user, language, 'recoveryCodeUsed', left);
      }
      return answer;
    },
  );

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
      const key = `second-factor:user:${user.id}`;
      const throttled = await peek(db, key, SECOND_FACTOR_FAILURES);
      if (!throttled.allowed) tooManyAttempts(reply, throttled.retryAfterSeconds);
      const result = await confirmTotpSetup(db, app.secretBox, user.id, code);
      if (result === 'none') throw new AppError('TWO_FACTOR_NOT_ON');
      if (result === 'wrong') {
        await hit(db, key, SECOND_FACTOR_FAILURES);
        throw new AppError('SECOND_FACTOR_INVALID', undefined, {
          fields: { code: 'secondFactorWrong' },
        });
      }
      await reset(db, key);
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
      mailChange(user, language, 'enabled');
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
      await proveOrRefuse(reply, user.id, code);
      const recoveryCodes = await replaceRecoveryCodes(db, user.id);
      await recordAuditEvent(db, {
        action: 'recovery_codes_renewed',
        actorUserId: user.id,
        ip: request.ip,
      });
      mailChange(user, language, 'codesRenewed');
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
      await checkCurrentPassword(db, reply, user.id, currentPassword);
      await proveOrRefuse(reply, user.id, code);
      if (!(await removeTwoFactor(db, user.id))) throw new AppError('TWO_FACTOR_NOT_ON');
      await recordAuditEvent(db, {
        action: 'two_factor_disabled',
        actorUserId: user.id,
        ip: request.ip,
      });
      mailChange(user, language, 'disabled');
      return reply.code(204).send();
    },
  );
};

export default twoFactorRoutes;
