import {
  auditEventsQuerySchema,
  auditEventsResponseSchema,
  type AuditEvent,
} from '@portal/contract/audit';
import { koreaDayStart } from '@portal/contract/korea-time';
import { AppError } from '@server/lib/errors';
import type { RoutePlugin } from '@server/lib/zod-routes';
import {
  findUserIdByEmail,
  listAuditEvents,
  type AuditFilter,
  type AuditPosition,
} from './repository';

const DAY_MS = 24 * 60 * 60 * 1000;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** The operator's audit log of security events. */
const auditRoutes: RoutePlugin = async (app) => {
  app.get(
    '/operator/audit-events',
    {
      config: { access: ['operator'] },
      schema: { querystring: auditEventsQuerySchema, response: { 200: auditEventsResponseSchema } },
    },
    async (request) => {
      const { action, email, userId, from, to, limit, cursor } = request.query;
      const filter: AuditFilter = { action, userIds: userId ? [userId] : [] };
      if (email) {
        const byEmail = await findUserIdByEmail(app.db, email);
        if (!byEmail) {
          throw new AppError('VALIDATION_FAILED', undefined, { fields: { email: 'userUnknown' } });
        }
        filter.userIds.push(byEmail);
      }
      // A date is a calendar day in Korea, as in the transaction lists (docs/decisions/012).
      if (from) filter.from = DATE_ONLY.test(from) ? koreaDayStart(from) : new Date(from);
      if (to) {
        // A date covers that whole day: up to, not including, the next midnight in Korea.
        const dateOnly = DATE_ONLY.test(to);
        filter.to = dateOnly ? new Date(koreaDayStart(to).getTime() + DAY_MS) : new Date(to);
        filter.toExclusive = dateOnly;
      }
      const position = cursor === undefined ? undefined : decodeCursor(cursor);
      const rows = await listAuditEvents(app.db, filter, limit, position);
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        items: page.map(({ position: _position, ...event }): AuditEvent => event),
        nextCursor: rows.length > limit && last ? encodeCursor(last.position) : null,
      };
    },
  );
};

function encodeCursor(position: AuditPosition): string {
  return Buffer.from(`${position.occurredAt}|${position.id}`).toString('base64url');
}

const CURSOR =
  /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3})(\d{3})Z\|([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/** A cursor this server made, or VALIDATION_FAILED: nothing else reaches the database. */
function decodeCursor(cursor: string): AuditPosition {
  const match = CURSOR.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  const [, millis, micros, id] = match ?? [];
  if (!millis || !micros || !id || !isRealInstant(`${millis}Z`)) {
    throw new AppError('VALIDATION_FAILED', undefined, { fields: { cursor: 'invalid' } });
  }
  return { occurredAt: `${millis}${micros}Z`, id };
}

/** The instant exists: it survives a round trip through Date (no 30 February). */
function isRealInstant(iso: string): boolean {
  const time = Date.parse(iso);
  return !Number.isNaN(time) && new Date(time).toISOString() === iso;
}

export default auditRoutes;
