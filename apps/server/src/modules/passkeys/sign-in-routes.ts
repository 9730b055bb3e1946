import {
  passkeyOptionsResponseSchema,
  passkeySecondFactorRequestSchema,
  passkeySignInRequestSchema,
  passkeyStepUpRequestSchema,
  signInPasskeyOptionsRequestSchema,
} from '@portal/contract/passkeys';
import { signedInUserResponseSchema } from '@portal/contract/users';
import type { FastifyRequest } from 'fastify';
import { AppError } from '@server/lib/errors';
import type { RoutePlugin } from '@server/lib/zod-routes';
import { recordAuditEvent } from '@server/modules/audit/audit-log';
import { markSecondFactor } from '@server/modules/auth/sessions';
import { admit } from '@server/modules/auth/sign-in';
import {
  IP_PASSKEY_CHALLENGES,
  IP_SIGN_IN_FAILURES,
  tooManyAttempts,
} from '@server/modules/auth/throttling';
import { hit, release } from '@server/modules/throttle/throttle';
import {
  challengeUser,
  claimChallengeAttempt,
  finishChallenge,
} from '@server/modules/two-factor/challenges';
import { twoFactorSince } from '@server/modules/two-factor/credentials';
import { findManagedUser } from '@server/modules/users/repository';
import { authenticationOptions } from './ceremonies';
import { hashOf } from './challenges';
import { findPasskey, passkeyCount } from './credentials';
import { provePasskey } from './proofs';
import { relyingPartyOf } from './relying-party';

const publicRoute = { access: 'public' } as const;

/**
 * A passkey at sign-in and at step-up (docs/decisions/025). A user-verifying passkey is two
 * factors in itself (possession, and the device's PIN or biometric: ASVS 6.3.x), so a sign-in
 * with one alone opens its session with the second factor proved, as a code after the password
 * does; the same refusals (a disabled account or agency: admit), and failures counted against
 * the address like wrong passwords.
 */
const passkeySignInRoutes: RoutePlugin = async (app) => {
  const { db } = app;
  const addressKeyOf = (ip: string) => `sign-in:ip:${ip}`;

  const countAgainstAddress = async (
    request: FastifyRequest,
    reply: Parameters<typeof tooManyAttempts>[0],
  ) => {
    const byAddress = await hit(db, addressKeyOf(request.ip), IP_SIGN_IN_FAILURES);
    if (!byAddress.allowed) tooManyAttempts(reply, byAddress.retryAfterSeconds);
  };

  /** The user a passkey answered for, still one who may use passkeys (the app on). */
  const passkeyUser = async (userId: string) => {
    const user = await findManagedUser(db, userId);
    if (!user || !(await twoFactorSince(db, user.id))) throw new AppError('PASSKEY_UNKNOWN');
    return user;
  };

  const failed = async (request: FastifyRequest, error: unknown, userId: string | null) => {
    await recordAuditEvent(db, {
      action: 'sign_in_failed',
      subjectUserId: userId,
      ip: request.ip,
      details: { method: 'passkey', code: error instanceof AppError ? error.code : 'error' },
    });
  };

  app.post(
    '/auth/sign-in/passkey-options',
    {
      config: publicRoute,
      schema: {
        body: signInPasskeyOptionsRequestSchema,
        response: { 200: passkeyOptionsResponseSchema },
      },
    },
    async (request, reply) => {
      const throttled = await hit(db, `passkey-options:ip:${request.ip}`, IP_PASSKEY_CHALLENGES);
      if (!throttled.allowed) tooManyAttempts(reply, throttled.retryAfterSeconds);
      const rp = relyingPartyOf(app.config);
      const { challenge } = request.body;
      if (!challenge) {
        return { options: await authenticationOptions(db, rp, 'sign_in', null) };
      }
      // The second step: that sign-in's user's passkeys only, bound to that sign-in.
      const userId = await challengeUser(db, challenge);
      if (!userId) throw new AppError('SIGN_IN_CHALLENGE_INVALID');
      if ((await passkeyCount(db, userId)) === 0) throw new AppError('PASSKEY_UNKNOWN');
      return {
        options: await authenticationOptions(db, rp, 'second_factor', userId, challenge),
      };
    },
  );

  app.post(
    '/auth/sign-in/passkey',
    {
      config: publicRoute,
      schema: { body: passkeySignInRequestSchema, response: { 200: signedInUserResponseSchema } },
    },
    async (request, reply) => {
      const { credential, language = 'ko' } = request.body;
      await countAgainstAddress(request, reply);
      let user;
      try {
        const { passkey } = await provePasskey(app, reply, 'sign_in', credential);
        user = await passkeyUser(passkey.userId);
      } catch (error) {
        // Blamed on the passkey's owner when it is a known one, so the owner's trail shows it.
        await failed(request, error, (await findPasskey(db, credential.id))?.userId ?? null);
        throw error;
      }
      await release(db, addressKeyOf(request.ip));
      return admit(app, request, reply, user, { language, secondFactor: true, method: 'passkey' });
    },
  );

  app.post(
    '/auth/sign-in/second-factor/passkey',
    {
      config: publicRoute,
      schema: {
        body: passkeySecondFactorRequestSchema,
        response: { 200: signedInUserResponseSchema },
      },
    },
    async (request, reply) => {
      const { challenge, credential, language = 'ko' } = request.body;
      await countAgainstAddress(request, reply);
      const userId = await claimChallengeAttempt(db, challenge);
      const user = userId ? await findManagedUser(db, userId) : null;
      if (!user) throw new AppError('SIGN_IN_CHALLENGE_INVALID');
      try {
        const proved = await provePasskey(app, reply, 'second_factor', credential);
        // Given for this sign-in, answered by this user's passkey (ceremonies.ts checks the user).
        if (proved.signInChallengeHash !== hashOf(challenge)) {
          throw new AppError('PASSKEY_NOT_VERIFIED');
        }
      } catch (error) {
        await failed(request, error, user.id);
        throw error;
      }
      if (!(await finishChallenge(db, challenge))) throw new AppError('SIGN_IN_CHALLENGE_INVALID');
      await release(db, addressKeyOf(request.ip));
      return admit(app, request, reply, user, { language, secondFactor: true, method: 'passkey' });
    },
  );

  app.post(
    '/auth/step-up/passkey-options',
    { schema: { response: { 200: passkeyOptionsResponseSchema } } },
    async (request) => {
      const user = app.signedInUser(request);
      if (!(await twoFactorSince(db, user.id))) throw new AppError('TWO_FACTOR_NOT_ON');
      if ((await passkeyCount(db, user.id)) === 0) throw new AppError('PASSKEY_UNKNOWN');
      return {
        options: await authenticationOptions(db, relyingPartyOf(app.config), 'step_up', user.id),
      };
    },
  );

  app.post(
    '/auth/step-up/passkey',
    { schema: { body: passkeyStepUpRequestSchema } },
    async (request, reply) => {
      const user = app.signedInUser(request);
      if (!(await twoFactorSince(db, user.id))) throw new AppError('TWO_FACTOR_NOT_ON');
      await provePasskey(app, reply, 'step_up', request.body.credential);
      if (request.session) await markSecondFactor(db, request.session.id);
      return reply.code(204).send();
    },
  );
};

export default passkeySignInRoutes;
