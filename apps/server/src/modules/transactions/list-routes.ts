import {
  agencyTransactionListResponseSchema,
  transactionExportQuerySchema,
  transactionListQuerySchema,
  transactionListResponseSchema,
  type ExportLanguage,
} from '@portal/contract/transactions';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '@server/db/client';
import type { SignedInUser } from '@server/modules/auth/sessions';
import type { RoutePlugin } from '@server/lib/zod-routes';
import {
  csvExport,
  exportDisposition,
  xlsxExport,
  type ExportFormat,
  type ExportScope,
} from './export';
import {
  listAgencyTransactions,
  listTransactions,
  transactionBatches,
  type RowFilter,
} from './repository';

/** An agency that does not exist: an agency user without an agency sees no one's transactions. */
const NO_AGENCY = '00000000-0000-0000-0000-000000000000';

const agencyOf = (user: SignedInUser) => user.agencyId ?? NO_AGENCY;

const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/**
 * Streams the rows of `filter` as a CSV or Excel file, newest first; the owner's column ("Client")
 * is in every list but the user's own.
 */
export function sendTransactionExport(
  db: Database,
  reply: FastifyReply,
  format: ExportFormat,
  filter: RowFilter,
  language: ExportLanguage,
  scope: ExportScope,
) {
  const batches = transactionBatches(db, filter);
  const withOwner = scope !== 'own';
  const body =
    format === 'csv'
      ? csvExport(batches, language, withOwner)
      : xlsxExport(batches, language, withOwner);
  return reply
    .header('content-type', CONTENT_TYPES[format])
    .header('content-disposition', exportDisposition(language, scope, format))
    .header('cache-control', 'no-store')
    .send(body);
}

/**
 * Transaction lists and their exports, the same filters everywhere
 * (type, status, from, to, q; see transactionListQuerySchema):
 *
 *   GET /transactions                      the signed-in user's own, paged, newest first
 *   GET /transactions/export.csv|.xlsx     the same rows, all pages, ?lang=en|ko
 *   GET /agency/transactions               agency users: their clients', with the client
 *   GET /agency/transactions/export.csv|.xlsx
 *
 * Exports stream: rows are read in keyset batches and written out as they arrive.
 */
const transactionListRoutes: RoutePlugin = async (app) => {
  const agencyOnly = { access: ['agency' as const] };

  app.get(
    '/transactions',
    {
      schema: {
        querystring: transactionListQuerySchema,
        response: { 200: transactionListResponseSchema },
      },
    },
    async (request) => {
      const user = app.signedInUser(request);
      return listTransactions(request.readDb, { ...request.query, userId: user.id });
    },
  );

  app.get(
    '/agency/transactions',
    {
      config: agencyOnly,
      schema: {
        querystring: transactionListQuerySchema,
        response: { 200: agencyTransactionListResponseSchema },
      },
    },
    async (request) => {
      const user = app.signedInUser(request);
      return listAgencyTransactions(request.readDb, {
        ...request.query,
        agencyId: agencyOf(user),
      });
    },
  );

  const send = (
    request: FastifyRequest,
    reply: FastifyReply,
    format: ExportFormat,
    filter: RowFilter,
    language: ExportLanguage,
    agency: boolean,
  ) =>
    sendTransactionExport(
      request.readDb,
      reply,
      format,
      filter,
      language,
      agency ? 'agency' : 'own',
    );

  for (const format of ['csv', 'xlsx'] as const) {
    app.get(
      `/transactions/export.${format}`,
      { schema: { querystring: transactionExportQuerySchema } },
      async (request, reply) => {
        const user = app.signedInUser(request);
        const { lang, ...filter } = request.query;
        request.log.info({ format, filter }, 'transactions export');
        return send(request, reply, format, { ...filter, userId: user.id }, lang, false);
      },
    );
    app.get(
      `/agency/transactions/export.${format}`,
      { config: agencyOnly, schema: { querystring: transactionExportQuerySchema } },
      async (request, reply) => {
        const user = app.signedInUser(request);
        const { lang, ...filter } = request.query;
        request.log.info({ format, filter }, 'agency transactions export');
        return send(request, reply, format, { ...filter, agencyId: agencyOf(user) }, lang, true);
      },
    );
  }
};

export default transactionListRoutes;
