import {
  reconciliationExportQuerySchema,
  reconciliationQuerySchema,
  reconciliationResponseSchema,
} from '@portal/contract/reconciliation';
import { z } from 'zod';
import type { RoutePlugin } from '@server/lib/zod-routes';
import {
  RECONCILIATION_EXPORT_WORDS,
  RECONCILIATION_PARTS,
  reconciliationCsv,
  reconciliationDisposition,
  reconciliationTable,
  reconciliationXlsx,
} from './export';
import { reconciliation } from './repository';

const exportParamsSchema = z.strictObject({
  format: z.enum(['csv', 'xlsx'], { error: 'invalid' }),
});

const exportQuerySchema = reconciliationExportQuerySchema.extend({
  part: z.enum(RECONCILIATION_PARTS, { error: 'invalid' }).default('accounts'),
});

/** The operator's reconciliation report and its exports (docs/decisions/018). */
const reconciliationRoutes: RoutePlugin = async (app) => {
  const config = { access: ['operator'] as const };

  app.get(
    '/operator/reconciliation',
    {
      config,
      schema: {
        querystring: reconciliationQuerySchema,
        response: { 200: reconciliationResponseSchema },
      },
    },
    async (request) => reconciliation(app.db, request.query.from, request.query.to),
  );

  app.get(
    '/operator/reconciliation/export.:format',
    { config, schema: { params: exportParamsSchema, querystring: exportQuerySchema } },
    async (request, reply) => {
      const { format } = request.params;
      const { from, to, lang, part } = request.query;
      const report = await reconciliation(app.db, from, to);
      const table = reconciliationTable(report, part, lang);
      return reply
        .header(
          'content-type',
          format === 'csv'
            ? 'text/csv; charset=utf-8'
            : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        )
        .header('content-disposition', reconciliationDisposition(lang, part, format, report))
        .header('cache-control', 'no-store')
        .send(
          format === 'csv'
            ? reconciliationCsv(table)
            : reconciliationXlsx(table, RECONCILIATION_EXPORT_WORDS[lang].sheet[part]),
        );
    },
  );
};

export default reconciliationRoutes;
