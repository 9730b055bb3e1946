import {
  auditChainReportSchema,
  auditEventsQuerySchema,
  auditEventsResponseSchema,
  auditExportQuerySchema,
  type AuditEvent,
} from '@portal/contract/audit';
import { z } from 'zod';
import { koreaDayStart } from '@portal/contract/korea-time';
import { AppError } from '@server/lib/errors';
import type { RoutePlugin } from '@server/lib/zod-routes';
import { verifyAuditChain } from './chain';
import { auditCsv, auditExportDisposition, auditXlsx } from './export';
import {
  auditEventBatches,
  findUserIdByEmail,
  listAuditEvents,
  type AuditFilter,
  type AuditPosition,
} from './repository';

const DAY_MS = 24 * 60 * 60 * 1000;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

type AuditFilterQuery = Pick<
  z.output<typeof auditEventsQuerySchema>,
  'action' | 'email' | 'emailRole' | 'userId' | 'objectType' | 'objectId' | 'from' | 'to'
>;

/** The query's filters as the repository takes them; an email nobody has is refused on its field. */
async function auditFilterOf(app: Parameters<RoutePlugin>[0], query: AuditFilterQuery) {
  const { action, email, emailRole, userId, objectType, objectId, from, to } = query;
  const filter: AuditFilter = {
    action,
    users: userId ? [{ id: userId, as: 'either' }] : [],
    objectType,
    objectId,
  };
  if (email) {
    const byEmail = await findUserIdByEmail(app.db, email);
    if (!byEmail) {
      throw new AppError('VALIDATION_FAILED', undefined, { fields: { email: 'userUnknown' } });
    }
    filter.users.push({ id: byEmail, as: emailRole });
  }
  // A date is a calendar day in Korea, as in the transaction lists (docs/decisions/012).
  if (from) filter.from = DATE_ONLY.test(from) ? koreaDayStart(from) : new Date(from);
  if (to) {
    // A date covers that whole day: up to, not including, the next midnight in Korea.
    const dateOnly = DATE_ONLY.test(to);
    filter.to = dateOnly ? new Date(koreaDayStart(to).getTime() + DAY_MS) : new Date(to);
    filter.toExclusive = dateOnly;
  }
  return filter;
}

const exportParamsSchema = z.strictObject({
  format: z.enum(['csv', 'xlsx'], { error: 'invalid' }),
});

/** The operator's audit trail: the list, its exports, and the check of its chain (decision 020). */
const auditRoutes: RoutePlugin = async (app) => {
  const config = { access: ['operator'] as const };

  app.get(
    '/operator/audit-events',
    {
      config,
      schema: { querystring: auditEventsQuerySchema, response: { 200: auditEventsResponseSchema } },
    },
    async (request) => {
      const { limit, cursor } = request.query;
      const filter = await auditFilterOf(app, request.query);
      const position = cursor === undefined ? undefined : decodeCursor(cursor);
      const rows = await listAuditEvents(request.readDb, filter, limit, position);
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        items: page.map(({ position: _position, ...event }): AuditEvent => event),
        nextCursor: rows.length > limit && last ? encodeCursor(last.position) : null,
      };
    },
  );

  app.get(
    '/operator/audit-events/export.:format',
    { config, schema: { params: exportParamsSchema, querystring: auditExportQuerySchema } },
    async (request, reply) => {
      const { format } = request.params;
      const { lang } = request.query;
      const batches = auditEventBatches(request.readDb, await auditFilterOf(app, request.query));
      return reply
        .header(
          'content-type',
          format === 'csv'
            ? 'text/csv; charset=utf-8'
            : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        )
        .header('content-disposition', auditExportDisposition(lang, format))
        .header('cache-control', 'no-store')
        .send(format === 'csv' ? auditCsv(batches, lang) : auditXlsx(batches, lang));
    },
  );

  app.get(
    '/operator/audit-events/chain',
    { config, schema: { response: { 200: auditChainReportSchema } } },
    async () => verifyAuditChain(app.db),
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
