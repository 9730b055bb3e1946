import { signInRequestSchema, signUpRequestSchema } from '@portal/contract/auth';
import {
  isTwoFactorRequired,
  SIGN_IN_CHALLENGE_MINUTES,
  signInResponseSchema,
} from '@portal/contract/two-factor';
import { currentUserResponseSchema, signedInUserResponseSchema } from '@portal/contract/users';
import { AppError } from '@server/lib/errors';
import type { RoutePlugin } from '@server/lib/zod-routes';
import { recordAuditEvent } from '@server/modules/audit/audit-log';
import { claimAttempt, hit, release, reset } from '@server/modules/throttle/throttle';
import { passkeyCount } from '@server/modules/passkeys/credentials';
import { startSignInChallenge } from '@server/modules/two-factor/challenges';
import { twoFactorSince } from '@server/modules/two-factor/credentials';
import { findAgencyByCode, findUserByEmail, insertUser } from '@server/modules/users/repository';
import { mailEmailVerification } from '@server/modules/email-verification/send';
import { refuseCommonPassword } from './common-passwords';
import { hashPassword, verifyAgainstNobody, verifyPassword } from './passwords';
import { admit, justSignedIn, refuseUnusableAccount } from './sign-in';
import { toCurrentUser } from './sessions';
import {
  ACCOUNT_DELAYS,
  DEVICE_FAILURES,
  IP_SIGN_IN_FAILURES,
  IP_SIGN_UPS,
  tooManyAttempts,
} from './throttling';

const publicRoute = { access: 'public' } as const;

const authRoutes: RoutePlugin = async (app) => {
  const { db } = app;

  app.get(
    '/auth/me',
    { config: publicRoute, schema: { response: { 200: currentUserResponseSchema } } },
    async (request) => ({ user: request.user ? toCurrentUser(request.user) : null }),
  );

  app.post(
    '/auth/sign-up',
    {
      config: publicRoute,
      schema: { body: signUpRequestSchema, response: { 201: signedInUserResponseSchema } },
    },
    async (request, reply) => {
      const throttled = await hit(db, `sign-up:ip:${request.ip}`, IP_SIGN_UPS);
      if (!throttled.allowed) tooManyAttempts(reply, throttled.retryAfterSeconds);

      const { name, email, phone, password, agencyCode, language = 'ko' } = request.body;
      await refuseCommonPassword(password);
      let agencyId: string | null = null;
      if (agencyCode) {
        const agency = await findAgencyByCode(db, agencyCode);
        if (!agency) {
          throw new AppError('AGENCY_CODE_UNKNOWN', undefined, {
            fields: { agencyCode: 'invalid' },
          });
        }
        // A disabled agency takes no new clients (docs/decisions/022).
        if (agency.status !== 'active') {
          throw new AppError('AGENCY_CODE_DISABLED', undefined, {
            fields: { agencyCode: 'invalid' },
          });
        }
        agencyId = agency.id;
      }
      const userId = await insertUser(db, {
        name,
        email,
        phone,
        agencyId,
        passwordHash: await hashPassword(password),
        emailVerified: false,
        mailLanguage: language,
      });
      if (!userId) throw new AppError('EMAIL_TAKEN', undefined, { fields: { email: 'invalid' } });
      // The address is confirmed from a mailed link before money moves (docs/decisions/027).
      mailEmailVerification(app, { id: userId, email, name }, language, request.ip);

      await reply.startSession(userId);
      await recordAuditEvent(db, {
        action: 'sign_up',
        actorUserId: userId,
        ip: request.ip,
        details: agencyCode ? { agencyCode } : {},
      });
      return reply.code(201).send({ user: await justSignedIn(db, userId) });
    },
  );

  app.post(
    '/auth/sign-in',
    {
      config: publicRoute,
      schema: { body: signInRequestSchema, response: { 200: signInResponseSchema } },
    },
    async (request, reply) => {
      const { email, password, language = 'ko' } = request.body;
      // Throttled without handing anyone a lock on someone else's account (throttling.ts): a
      // browser the account signed in on before counts its own failures; any other attempt
      // waits out the account's progressive delay and counts against its address. Attempts are
      // counted before the password is checked, so parallel guesses cannot slip in together.
      const found = await findUserByEmail(db, email);
      const device = found ? request.knownDeviceOf(found.id) : null;
      const deviceKey = `sign-in:device:${device}`;
      const addressKey = `sign-in:ip:${request.ip}`;
      const accountKey = `sign-in:account:${email}`;
      if (device) {
        const byDevice = await hit(db, deviceKey, DEVICE_FAILURES);
        if (!byDevice.allowed) tooManyAttempts(reply, byDevice.retryAfterSeconds);
      } else {
        const byAddress = await hit(db, addressKey, IP_SIGN_IN_FAILURES);
        if (!byAddress.allowed) tooManyAttempts(reply, byAddress.retryAfterSeconds);
        const byAccount = await claimAttempt(db, accountKey, ACCOUNT_DELAYS);
        if (!byAccount.allowed) tooManyAttempts(reply, byAccount.retryAfterSeconds);
      }

      // Unknown emails take as long as known ones and fail the same way.
      const valid = found
        ? await verifyPassword(found.passwordHash, password)
        : await verifyAgainstNobody(password);
      if (!found || !valid) {
        await recordAuditEvent(db, {
          action: 'sign_in_failed',
          subjectUserId: found?.id ?? null,
          ip: request.ip,
          details: found ? { email, knownDevice: device !== null } : { email, unknownEmail: true },
        });
        throw new AppError('INVALID_CREDENTIALS');
      }
      if (device) {
        await reset(db, deviceKey);
      } else {
        // The owner is back: the account's delay starts over, and the address is not blamed.
        await reset(db, accountKey);
        await release(db, addressKey);
      }
      // The password was right. With two-factor on, no session yet: the page sends a code
      // with this challenge (two-factor/sign-in-routes.ts). A disabled account hears so first.
      await refuseUnusableAccount(db, found);
      // Staff without one set it up first, in the same dialog (two-factor/sign-in-routes.ts).
      const expiresInSeconds = SIGN_IN_CHALLENGE_MINUTES * 60;
      if (await twoFactorSince(db, found.id)) {
        return {
          secondFactor: {
            challenge: await startSignInChallenge(db, found.id),
            expiresInSeconds,
            passkey: (await passkeyCount(db, found.id)) > 0,
          },
        };
      }
      if (isTwoFactorRequired(found.role)) {
        return {
          secondFactorSetup: {
            challenge: await startSignInChallenge(db, found.id),
            expiresInSeconds,
          },
        };
      }
      return admit(app, request, reply, found, { language, secondFactor: false });
    },
  );

  app.post('/auth/sign-out', { config: publicRoute }, async (request, reply) => {
    const userId = request.user?.id;
    await reply.endSession();
    if (userId) {
      await recordAuditEvent(db, { action: 'sign_out', actorUserId: userId, ip: request.ip });
    }
    return reply.code(204).send();
  });
};

export default authRoutes;
