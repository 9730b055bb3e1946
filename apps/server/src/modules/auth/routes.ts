import { signInRequestSchema, signUpRequestSchema } from '@portal/contract/auth';
import { currentUserResponseSchema, signedInUserResponseSchema } from '@portal/contract/users';
import { AppError } from '@server/lib/errors';
import type { RoutePlugin } from '@server/lib/zod-routes';
import { recordAuditEvent } from '@server/modules/audit/audit-log';
import { hit, reset } from '@server/modules/throttle/throttle';
import {
  agencyStatusOf,
  findAgencyByCode,
  findSignedInUser,
  findUserByEmail,
  insertUser,
} from '@server/modules/users/repository';
import { hashPassword, verifyAgainstNobody, verifyPassword } from './passwords';
import { toCurrentUser } from './sessions';
import { ACCOUNT_FAILURES, IP_SIGN_INS, IP_SIGN_UPS, tooManyAttempts } from './throttling';

const publicRoute = { access: 'public' } as const;

const authRoutes: RoutePlugin = async (app) => {
  const { db } = app;

  app.get(
    '/auth/me',
    { config: publicRoute, schema: { response: { 200: currentUserResponseSchema } } },
    async (request) => ({ user: request.user ? toCurrentUser(request.user) : null }),
  );

  // The user whose session was just started: gone only if deleted in the same instant, which is
  // a failure (500), not an answer with no user.
  const signedInUser = async (userId: string) => {
    const user = await findSignedInUser(db, userId);
    if (!user) throw new Error(`The user ${userId} just signed in no longer exists.`);
    return toCurrentUser(user);
  };

  app.post(
    '/auth/sign-up',
    {
      config: publicRoute,
      schema: { body: signUpRequestSchema, response: { 201: signedInUserResponseSchema } },
    },
    async (request, reply) => {
      const throttled = await hit(db, `sign-up:ip:${request.ip}`, IP_SIGN_UPS);
      if (!throttled.allowed) tooManyAttempts(reply, throttled.retryAfterSeconds);

      const { name, email, phone, password, agencyCode } = request.body;
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
      });
      if (!userId) throw new AppError('EMAIL_TAKEN', undefined, { fields: { email: 'invalid' } });

      await reply.startSession(userId);
      await recordAuditEvent(db, {
        action: 'sign_up',
        actorUserId: userId,
        ip: request.ip,
        details: agencyCode ? { agencyCode } : {},
      });
      return reply.code(201).send({ user: await signedInUser(userId) });
    },
  );

  app.post(
    '/auth/sign-in',
    {
      config: publicRoute,
      schema: { body: signInRequestSchema, response: { 200: signedInUserResponseSchema } },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      const byIp = await hit(db, `sign-in:ip:${request.ip}`, IP_SIGN_INS);
      if (!byIp.allowed) tooManyAttempts(reply, byIp.retryAfterSeconds);
      // Counted before the password is checked, so that parallel guesses cannot all slip in
      // under the limit; a successful sign-in forgets the count.
      const accountKey = `sign-in:account:${email}`;
      const byAccount = await hit(db, accountKey, ACCOUNT_FAILURES);
      if (!byAccount.allowed) tooManyAttempts(reply, byAccount.retryAfterSeconds);

      // Unknown emails take as long as known ones and fail the same way.
      const found = await findUserByEmail(db, email);
      const valid = found
        ? await verifyPassword(found.passwordHash, password)
        : await verifyAgainstNobody(password);
      if (!found || !valid) {
        await recordAuditEvent(db, {
          action: 'sign_in_failed',
          subjectUserId: found?.id ?? null,
          ip: request.ip,
          details: found ? { email } : { email, unknownEmail: true },
        });
        throw new AppError('INVALID_CREDENTIALS');
      }
      await reset(db, accountKey);
      if (found.status !== 'active') throw new AppError('ACCOUNT_DISABLED');
      if (found.role === 'agency' && (await agencyStatusOf(db, found.agencyId)) !== 'active') {
        throw new AppError('AGENCY_DISABLED');
      }

      await reply.startSession(found.id);
      await recordAuditEvent(db, { action: 'sign_in', actorUserId: found.id, ip: request.ip });
      return { user: await signedInUser(found.id) };
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
