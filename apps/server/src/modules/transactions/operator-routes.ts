import {
  operatorFiguresSchema,
  operatorExportQuerySchema,
  operatorListQuerySchema,
  operatorTransactionDetailSchema,
  operatorVolumeQuerySchema,
  operatorVolumeSchema,
} from '@portal/contract/operator-workbench';
import {
  completeTransactionRequestSchema,
  operatorCancelRequestSchema,
  operatorTransactionListResponseSchema,
  operatorTransactionSchema,
  takeSellRequestSchema,
  transactionIdParamsSchema,
} from '@portal/contract/transactions';
import { approvalRequestedSchema } from '@portal/contract/approvals';
import { compareAmounts } from '@portal/contract/money';
import { AppError } from '@server/lib/errors';
import type { RoutePlugin } from '@server/lib/zod-routes';
import { approvedPayoutOf } from '@server/modules/approvals/repository';
import {
  requestBuyCancellation,
  requestDepositMatch,
  requestPayout,
} from '@server/modules/approvals/requests';
import { sendTransactionExport } from './list-routes';
import { cancelByOperator } from './operator-cancel';
import { operatorTransactionDetail } from './operator-detail';
import { operatorFigures } from './operator-figures';
import { operatorVolume } from './operator-volume';
import { checkTakeable, completeSell, takeSell } from './payouts';
import { findTransaction, listOperatorTransactions, operatorTransaction } from './repository';

/**
 * The operator's side of requests (docs/PRODUCT.md "Roles": payouts of sells, buys that need a person).
 *
 *   GET  /operator/transactions            ?type&status(repeatable)&from&to&q&sort&page&pageSize,
 *                                            oldest first unless sorted (docs/decisions/021)
 *   GET  /operator/transactions/export.csv|.xlsx  the same rows, every page, newest first, ?lang
 *   GET  /operator/transactions/:id          any user's, with history, owner and deposits
 *   GET  /operator/figures                   today's figures (Korea's day) for the dashboard
 *   GET  /operator/volume                    ?by=agency|merchant&days: won completed per Korea day
 *   POST /operator/transactions/:id/take     sell: merchant debit, then Requested -> Pending
 *   POST /operator/transactions/:id/complete sell with payoutReference, or buy (depositId?)
 *   POST /operator/transactions/:id/cancel   Requested or Pending buy or sell, with a reason
 *
 * Four-eyes (docs/decisions/017): the take of a sale from PAYOUT_APPROVAL_MIN_KRW, the completion
 * of a buy and the cancel of a buy answer 202 { approval } and wait for a second operator.
 */
const operatorTransactionRoutes: RoutePlugin = async (app) => {
  const { db } = app;
  const config = { access: ['operator' as const] };
  const answer = async (id: string) => {
    const updated = await operatorTransaction(db, id);
    if (!updated) throw new AppError('NOT_FOUND', 'This transaction does not exist.');
    return updated;
  };
  const existing = async (id: string) => {
    const row = await findTransaction(db, id);
    if (!row) throw new AppError('NOT_FOUND', 'This transaction does not exist.');
    return row.transaction;
  };

  app.get(
    '/operator/transactions',
    {
      config,
      schema: {
        querystring: operatorListQuerySchema,
        response: { 200: operatorTransactionListResponseSchema },
      },
    },
    async (request) => listOperatorTransactions(request.readDb, request.query),
  );

  for (const format of ['csv', 'xlsx'] as const) {
    app.get(
      `/operator/transactions/export.${format}`,
      { config, schema: { querystring: operatorExportQuerySchema } },
      async (request, reply) => {
        const { lang, ...filter } = request.query;
        request.log.info({ format, filter }, 'operator transactions export');
        return sendTransactionExport(
          request.readDb,
          reply,
          format,
          { ...filter, operator: true },
          lang,
          'operator',
        );
      },
    );
  }

  app.get(
    '/operator/figures',
    { config, schema: { response: { 200: operatorFiguresSchema } } },
    async (request) => operatorFigures(request.readDb),
  );

  app.get(
    '/operator/volume',
    {
      config,
      schema: { querystring: operatorVolumeQuerySchema, response: { 200: operatorVolumeSchema } },
    },
    async (request) => operatorVolume(request.readDb, request.query.by, request.query.days),
  );

  app.get(
    '/operator/transactions/:id',
    {
      config,
      schema: {
        params: transactionIdParamsSchema,
        response: { 200: operatorTransactionDetailSchema },
      },
    },
    async (request) => {
      const detail = await operatorTransactionDetail(db, request.params.id);
      if (!detail) throw new AppError('NOT_FOUND', 'This transaction does not exist.');
      return detail;
    },
  );

  app.post(
    '/operator/transactions/:id/take',
    {
      config,
      schema: {
        params: transactionIdParamsSchema,
        body: takeSellRequestSchema,
        response: { 200: operatorTransactionSchema, 202: approvalRequestedSchema },
      },
    },
    async (request, reply) => {
      const operator = app.signedInUser(request);
      const actor = { kind: 'operator' as const, userId: operator.id };
      const row = await checkTakeable(db, request.params.id, actor);
      const big = compareAmounts(row.totalKrw, app.config.payoutApprovalMinKrw) >= 0;
      // Approved once is enough: a take again after a merchant timeout needs no second approval.
      if (big && !(await approvedPayoutOf(db, row.id))) {
        const approval = await requestPayout(
          db,
          row.id,
          request.body.note,
          { id: operator.id, name: operator.name },
          request.ip,
        );
        return reply.code(202).send({ approval });
      }
      await takeSell(app, row.id, actor, request.body, request.ip);
      return answer(request.params.id);
    },
  );

  app.post(
    '/operator/transactions/:id/complete',
    {
      config,
      schema: {
        params: transactionIdParamsSchema,
        body: completeTransactionRequestSchema,
        response: { 200: operatorTransactionSchema, 202: approvalRequestedSchema },
      },
    },
    async (request, reply) => {
      const operator = app.signedInUser(request);
      const actor = { kind: 'operator' as const, userId: operator.id };
      const row = await existing(request.params.id);
      if (row.type === 'sell') {
        await completeSell(app, row.id, actor, request.body, request.ip);
        return answer(row.id);
      }
      // A buy completes only with the deposit that paid it (docs/decisions/010); a deposit
      // of another amount is matched from the deposit's screen, which asks to accept it. Paying
      // a buy by hand waits for a second operator (docs/decisions/017).
      const { depositId, note } = request.body;
      if (!depositId) {
        throw new AppError('VALIDATION_FAILED', undefined, { fields: { depositId: 'required' } });
      }
      const approval = await requestDepositMatch(
        db,
        depositId,
        { transactionId: row.id, acceptAmountDifference: false, note },
        { id: operator.id, name: operator.name },
        request.ip,
      );
      return reply.code(202).send({ approval });
    },
  );

  app.post(
    '/operator/transactions/:id/cancel',
    {
      config,
      schema: {
        params: transactionIdParamsSchema,
        body: operatorCancelRequestSchema,
        response: { 200: operatorTransactionSchema, 202: approvalRequestedSchema },
      },
    },
    async (request, reply) => {
      const operator = app.signedInUser(request);
      const row = await existing(request.params.id);
      if (row.type === 'buy') {
        // A buy's cancel waits for a second operator; a sell's gives the asset back and moves
        // no won, so one operator does it (docs/decisions/017).
        const approval = await requestBuyCancellation(
          db,
          row.id,
          request.body.reason,
          { id: operator.id, name: operator.name },
          request.ip,
        );
        return reply.code(202).send({ approval });
      }
      await cancelByOperator(db, row.id, request.body.reason, {
        userId: operator.id,
        ip: request.ip,
      });
      return answer(row.id);
    },
  );
};

export default operatorTransactionRoutes;
