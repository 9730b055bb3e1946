import {
  approvalExportQuerySchema,
  approvalIdParamsSchema,
  approvalListQuerySchema,
  approvalListResponseSchema,
  approvalSchema,
  rejectApprovalRequestSchema,
} from '@portal/contract/approvals';
import { z } from 'zod';
import { AppError } from '@server/lib/errors';
import type { RoutePlugin } from '@server/lib/zod-routes';
import { requireRecentSecondFactor } from '@server/modules/two-factor/step-up';
import { approvalCsv, approvalExportDisposition, approvalXlsx } from './export';
import { findApproval } from './repository';
import { approvalBatches, listApprovals } from './queue';
import { approve, reject, withdraw } from './service';

/**
 * Four-eyes (docs/decisions/017): the operators' approvals queue and its decisions.
 *
 *   GET  /operator/approvals               ?view=pending|decided&kind&q&from&to&sort&page&pageSize
 *   GET  /operator/approvals/export.csv|.xlsx  the same approvals, every page, ?lang
 *   GET  /operator/approvals/:id
 *   POST /operator/approvals/:id/approve   carries the action out (another operator than the maker)
 *   POST /operator/approvals/:id/reject    { reason }
 *                                          both decisions ask a recent second factor (step-up,
 *                                          docs/decisions/026)
 *   POST /approvals/:id/withdraw           the maker (an operator, or an agency user) takes it back
 */
/** Approve and withdraw take nothing but the approval's id. */
const noBody = z.strictObject({}).nullish();

/**
 * A range whose end is before its start finds nothing by mistake: refused on `to`. Checked here
 * and not in the schema, whose keys the web picks for its address (a refined object cannot be).
 */
function checkDayRange({ from, to }: { from?: string; to?: string }) {
  if (from && to && to < from) {
    throw new AppError('VALIDATION_FAILED', undefined, { fields: { to: 'dateRangeReversed' } });
  }
}

const approvalRoutes: RoutePlugin = async (app) => {
  const { db } = app;
  const config = { access: ['operator' as const] };
  const person = (request: Parameters<typeof app.signedInUser>[0]) => {
    const user = app.signedInUser(request);
    return { id: user.id, name: user.name };
  };

  app.get(
    '/operator/approvals',
    {
      config,
      schema: {
        querystring: approvalListQuerySchema,
        response: { 200: approvalListResponseSchema },
      },
    },
    async (request) => {
      checkDayRange(request.query);
      return listApprovals(request.readDb, request.query);
    },
  );

  for (const format of ['csv', 'xlsx'] as const) {
    app.get(
      `/operator/approvals/export.${format}`,
      { config, schema: { querystring: approvalExportQuerySchema } },
      async (request, reply) => {
        const { lang, ...filter } = request.query;
        checkDayRange(filter);
        request.log.info({ format, filter }, 'operator approvals export');
        const batches = approvalBatches(request.readDb, filter);
        return reply
          .header(
            'content-type',
            format === 'csv'
              ? 'text/csv; charset=utf-8'
              : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          )
          .header('content-disposition', approvalExportDisposition(lang, format))
          .header('cache-control', 'no-store')
          .send(format === 'csv' ? approvalCsv(batches, lang) : approvalXlsx(batches, lang));
      },
    );
  }

  app.get(
    '/operator/approvals/:id',
    { config, schema: { params: approvalIdParamsSchema, response: { 200: approvalSchema } } },
    async (request) => {
      const approval = await findApproval(db, request.params.id);
      if (!approval) throw new AppError('NOT_FOUND', 'This approval does not exist.');
      return approval;
    },
  );

  app.post(
    '/operator/approvals/:id/approve',
    {
      config,
      schema: { params: approvalIdParamsSchema, body: noBody, response: { 200: approvalSchema } },
    },
    async (request) => {
      // The checker's decision moves money or changes who can do what: a recent proof of who
      // decides (step-up, docs/decisions/026).
      await requireRecentSecondFactor(db, request);
      const approval = await approve(app, request.params.id, person(request), request.ip);
      request.log.info(
        { approvalId: approval.id, kind: approval.action.kind },
        'approval approved',
      );
      return approval;
    },
  );

  app.post(
    '/operator/approvals/:id/reject',
    {
      config,
      schema: {
        params: approvalIdParamsSchema,
        body: rejectApprovalRequestSchema,
        response: { 200: approvalSchema },
      },
    },
    async (request) => {
      await requireRecentSecondFactor(db, request);
      return reject(db, request.params.id, person(request), request.body.reason, request.ip);
    },
  );

  app.post(
    '/approvals/:id/withdraw',
    {
      config: { access: ['operator' as const, 'agency' as const] },
      schema: { params: approvalIdParamsSchema, body: noBody, response: { 200: approvalSchema } },
    },
    async (request) => withdraw(db, request.params.id, person(request), request.ip),
  );
};

export default approvalRoutes;
