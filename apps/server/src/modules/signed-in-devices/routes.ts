import { createHash } from 'node:crypto';
import {
  signedInDeviceParamsSchema,
  signedInDevicesResponseSchema,
  signedOutOthersResponseSchema,
  type SignedInDevice,
} from '@portal/contract/signed-in-devices';
import { and, desc, eq, not } from 'drizzle-orm';
import { sessions } from '@server/db/schema';
import { AppError } from '@server/lib/errors';
import type { RoutePlugin } from '@server/lib/zod-routes';
import { recordAuditEvent } from '@server/modules/audit/audit-log';
import { deleteOtherSessions, deleteSession, expired } from '@server/modules/auth/sessions';
import { deviceOf } from '@server/lib/devices/device';
import { placeOf } from '@server/lib/devices/place';

/**
 * Signed-in devices (docs/SECURITY.md "Signed-in devices"): the user's open sessions, each with
 * its device, place and last activity, and the way to end one or all the others. A session is
 * named by a hash of its id, so the list never hands out what the database keys sessions by.
 */
function publicIdOf(sessionId: string): string {
  return createHash('sha256').update(`device:${sessionId}`).digest('hex').slice(0, 32);
}

const signedInDevicesRoutes: RoutePlugin = async (app) => {
  const { db } = app;
  const lifetime = {
    idleMinutes: app.config.sessionIdleMinutes,
    maxHours: app.config.sessionMaxHours,
  };

  const openSessionsOf = (userId: string) =>
    db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, userId), not(expired(lifetime))))
      .orderBy(desc(sessions.lastSeenAt));

  app.get(
    '/profile/devices',
    { schema: { response: { 200: signedInDevicesResponseSchema } } },
    async (request) => {
      const user = app.signedInUser(request);
      const rows = await openSessionsOf(user.id);
      const devices: SignedInDevice[] = rows.map((row) => ({
        id: publicIdOf(row.id),
        ...deviceOf(row.userAgent),
        ip: row.ip,
        ...placeOf(row.ip),
        signedInAt: row.createdAt.toISOString(),
        lastSeenAt: row.lastSeenAt.toISOString(),
        current: row.id === request.session?.id,
      }));
      return { devices };
    },
  );

  app.delete(
    '/profile/devices/:id',
    { schema: { params: signedInDeviceParamsSchema } },
    async (request, reply) => {
      const user = app.signedInUser(request);
      const row = (await openSessionsOf(user.id)).find(
        (session) => publicIdOf(session.id) === request.params.id,
      );
      if (!row) throw new AppError('NOT_FOUND');
      if (row.id === request.session?.id) {
        await reply.endSession();
      } else {
        await deleteSession(db, row.id);
      }
      await recordAuditEvent(db, {
        action: 'session_ended_by_user',
        actorUserId: user.id,
        ip: request.ip,
        details: { device: deviceOf(row.userAgent), ip: row.ip },
      });
      return reply.code(204).send();
    },
  );

  app.post(
    '/profile/devices/sign-out-others',
    { schema: { response: { 200: signedOutOthersResponseSchema } } },
    async (request) => {
      const user = app.signedInUser(request);
      const ended = await deleteOtherSessions(db, user.id, request.session?.id ?? null);
      await recordAuditEvent(db, {
        action: 'session_ended_by_user',
        actorUserId: user.id,
        ip: request.ip,
        details: { others: ended },
      });
      return { ended };
    },
  );
};

export default signedInDevicesRoutes;
