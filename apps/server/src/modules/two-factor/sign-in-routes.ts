import {
  secondFactorSignInRequestSchema,
  signInSetupConfirmRequestSchema,
  signInSetupConfirmResponseSchema,
  signInSetupRequestSchema,
  twoFactorSetupResponseSchema,
} from '@portal/contract/two-factor';
import { signedInUserResponseSchema } from '@portal/contract/users';
import { AppError } from '@server/lib/errors';
import type { RoutePlugin } from '@server/lib/zod-routes';
import { recordAuditEvent } from '@server/modules/audit/audit-log';
import { admit } from '@server/modules/auth/sign-in';
import { IP_SIGN_IN_FAILURES, tooManyAttempts } from '@server/modules/auth/throttling';
import { hit, release } from '@server/modules/throttle/throttle';
import { findManagedUser } from '@server/modules/users/repository';
import { challengeUser, claimChallengeAttempt, finishChallenge } from './challenges';
import { startTotpSetup } from './credentials';
import { confirmOrRefuse, mailChange, proveOrRefuse } from './proofs';
import { recoveryCodesLeft, replaceRecoveryCodes } from './recovery-codes';
import { otpauthUrl, qrCodeOf } from './totp';

const publicRoute = { access: 'public' } as const;

/**
 * The sign-in's steps after the password (docs/SECURITY.md "Two-factor sign-in"), each with the
 * challenge the password step gave: a code (app or recovery) for an account with two-factor on;
 * for staff without it (operators, agencies), setting it up, whose first code signs in.
 */
const twoFactorSignInRoutes: RoutePlugin = async (app) => {
  const { db } = app;

  /** Wrong codes count against the address like wrong passwords (taken back on success). */
  const addressKeyOf = (ip: string) => `sign-in:ip:${ip}`;

  /** Counts one code against the challenge; its user, or SIGN_IN_CHALLENGE_INVALID. */
  const claim = async (challenge: string) => {
    const userId = await claimChallengeAttempt(db, challenge);
    const user = userId ? await findManagedUser(db, userId) : null;
    if (!user) throw new AppError('SIGN_IN_CHALLENGE_INVALID');
    return user;
  };

  app.post(
    '/auth/sign-in/second-factor',
    {
      config: publicRoute,
      schema: {
        body: secondFactorSignInRequestSchema,
        response: { 200: signedInUserResponseSchema },
      },
    },
    async (request, reply) => {
      const { challenge, code, language = 'ko' } = request.body;
      const byAddress = await hit(db, addressKeyOf(request.ip), IP_SIGN_IN_FAILURES);
      if (!byAddress.allowed) tooManyAttempts(reply, byAddress.retryAfterSeconds);
      const user = await claim(challenge);
      let proved: 'totp' | 'recovery';
      try {
        proved = await proveOrRefuse(app, reply, user.id, code);
      } catch (error) {
        await recordAuditEvent(db, {
          action: 'sign_in_failed',
          subjectUserId: user.id,
          ip: request.ip,
          details: { email: user.email, secondFactor: code.kind },
        });
        throw error;
      }
      // Of two right codes sent together, one signs in.
      if (!(await finishChallenge(db, challenge))) throw new AppError('SIGN_IN_CHALLENGE_INVALID');
      await release(db, addressKeyOf(request.ip));
      const answer = await admit(app, request, reply, user, { language, secondFactor: true });
      if (proved === 'recovery') {
        const left = await recoveryCodesLeft(db, user.id);
        await recordAuditEvent(db, {
          action: 'recovery_code_used',
          actorUserId: user.id,
          ip: request.ip,
          details: { recoveryCodesLeft: left },
        });
        mailChange(app, user, language, 'recoveryCodeUsed', left);
      }
      return answer;
    },
  );

  app.post(
    '/auth/sign-in/two-factor-setup',
    {
      config: publicRoute,
      schema: { body: signInSetupRequestSchema, response: { 200: twoFactorSetupResponseSchema } },
    },
    async (request) => {
      const userId = await challengeUser(db, request.body.challenge);
      const user = userId ? await findManagedUser(db, userId) : null;
      if (!user) throw new AppError('SIGN_IN_CHALLENGE_INVALID');
      const secret = await startTotpSetup(db, app.secretBox, user.id);
      if (!secret) throw new AppError('TWO_FACTOR_ALREADY_ON');
      const url = otpauthUrl(secret, user.email);
      return { secret, otpauthUrl: url, qrCode: await qrCodeOf(url) };
    },
  );

  app.post(
    '/auth/sign-in/two-factor-confirm',
    {
      config: publicRoute,
      schema: {
        body: signInSetupConfirmRequestSchema,
        response: { 200: signInSetupConfirmResponseSchema },
      },
    },
    async (request, reply) => {
      const { challenge, code, language = 'ko' } = request.body;
      const byAddress = await hit(db, addressKeyOf(request.ip), IP_SIGN_IN_FAILURES);
      if (!byAddress.allowed) tooManyAttempts(reply, byAddress.retryAfterSeconds);
      const user = await claim(challenge);
      await confirmOrRefuse(app, reply, user.id, code);
      if (!(await finishChallenge(db, challenge))) throw new AppError('SIGN_IN_CHALLENGE_INVALID');
      await release(db, addressKeyOf(request.ip));
      const recoveryCodes = await replaceRecoveryCodes(db, user.id);
      await recordAuditEvent(db, {
        action: 'two_factor_enabled',
        actorUserId: user.id,
        ip: request.ip,
        details: { atSignIn: true },
      });
      mailChange(app, user, language, 'enabled');
      const answer = await admit(app, request, reply, user, { language, secondFactor: true });
      return { ...answer, recoveryCodes };
    },
  );
};

export default twoFactorSignInRoutes;
