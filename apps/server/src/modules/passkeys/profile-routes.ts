import {
  addPasskeyRequestSchema,
  passkeyListSchema,
  passkeyOptionsResponseSchema,
  passkeyParamsSchema,
  passkeySchema,
  PASSKEYS_PER_USER,
  removePasskeyQuerySchema,
} from '@portal/contract/passkeys';
import type { FastifyRequest } from 'fastify';
import { AppError } from '@server/lib/errors';
import { deviceOf } from '@server/lib/devices/device';
import type { App, RoutePlugin } from '@server/lib/zod-routes';
import { recordAuditEvent } from '@server/modules/audit/audit-log';
import { twoFactorSince } from '@server/modules/two-factor/credentials';
import { requireRecentSecondFactor } from '@server/modules/two-factor/step-up';
import { registrationOptions, verifyRegistration } from './ceremonies';
import { insertPasskey, listPasskeys, passkeyCount, removePasskey } from './credentials';
import { passkeyChangeMail, type PasskeyChange } from './mail';
import { relyingPartyOf } from './relying-party';

/**
 * Passkeys on Profile (docs/decisions/025): offered once the authenticator app is on, so
 * "two-factor on" keeps meaning the app (and recovery codes) exist. Adding and removing one are
 * security changes: they ask for a recent second factor (step-up), and are recorded and mailed.
 */
const passkeyProfileRoutes: RoutePlugin = async (app) => {
  const { db } = app;

  /** The signed-in user, with the app on and a second factor proved within STEP_UP_MINUTES. */
  const securityChange = async (request: FastifyRequest) => {
    const user = app.signedInUser(request);
    if (!(await twoFactorSince(db, user.id))) throw new AppError('TWO_FACTOR_NOT_ON');
    await requireRecentSecondFactor(db, request);
    return user;
  };

  app.get(
    '/profile/passkeys',
    { schema: { response: { 200: passkeyListSchema } } },
    async (request) => ({ passkeys: await listPasskeys(db, app.signedInUser(request).id) }),
  );

  app.post(
    '/profile/passkeys/options',
    { schema: { response: { 200: passkeyOptionsResponseSchema } } },
    async (request) => {
      const user = await securityChange(request);
      if ((await passkeyCount(db, user.id)) >= PASSKEYS_PER_USER) {
        throw new AppError('PASSKEY_LIMIT_REACHED');
      }
      return { options: await registrationOptions(db, relyingPartyOf(app.config), user) };
    },
  );

  app.post(
    '/profile/passkeys',
    { schema: { body: addPasskeyRequestSchema, response: { 201: passkeySchema } } },
    async (request, reply) => {
      const user = await securityChange(request);
      const { credential, language = 'ko' } = request.body;
      if ((await passkeyCount(db, user.id)) >= PASSKEYS_PER_USER) {
        throw new AppError('PASSKEY_LIMIT_REACHED');
      }
      const made = await verifyRegistration(db, relyingPartyOf(app.config), user.id, credential);
      const name = request.body.name || nameOfDevice(request.headers['user-agent'] ?? null);
      const id = await insertPasskey(db, { ...made, name });
      if (!id) throw new AppError('PASSKEY_ALREADY_ADDED');
      await recordAuditEvent(db, {
        action: 'passkey_added',
        actorUserId: user.id,
        ip: request.ip,
        details: { passkeyId: id, name },
      });
      mailChange(app, user, language, 'added', name);
      const added = (await listPasskeys(db, user.id)).find((passkey) => passkey.id === id);
      if (!added) throw new Error(`The passkey ${id} just added is gone.`);
      return reply.code(201).send(added);
    },
  );

  app.delete(
    '/profile/passkeys/:id',
    { schema: { params: passkeyParamsSchema, querystring: removePasskeyQuerySchema } },
    async (request, reply) => {
      const user = await securityChange(request);
      const { language = 'ko' } = request.query;
      const name = await removePasskey(db, user.id, request.params.id);
      if (name === null) throw new AppError('NOT_FOUND');
      await recordAuditEvent(db, {
        action: 'passkey_removed',
        actorUserId: user.id,
        ip: request.ip,
        details: { passkeyId: request.params.id, name },
      });
      mailChange(app, user, language, 'removed', name);
      return reply.code(204).send();
    },
  );
};

/** A passkey's name when none was typed: what the browser that added it says it is. */
function nameOfDevice(userAgent: string | null): string {
  const { browser, os } = deviceOf(userAgent);
  if (browser && os) return `${browser} · ${os}`.slice(0, 60);
  return (browser ?? os ?? 'Passkey').slice(0, 60);
}

function mailChange(
  app: App,
  to: { email: string; name: string },
  language: 'en' | 'ko',
  change: PasskeyChange,
  name: string,
) {
  app.jobs.afterAnswer('passkey mail', () =>
    app.mailer.send(passkeyChangeMail(language, to, change, name, app.config.publicUrl)),
  );
}

export default passkeyProfileRoutes;
