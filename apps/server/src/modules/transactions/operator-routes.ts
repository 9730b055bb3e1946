import {
  completeTransactionRequestSchema,
  operatorCancelRequestSchema,
  transactionListQuerySchema,
  operatorTransactionListResponseSchema,
  operatorTransactionSchema,
  takeSellRequestSchema,
  transactionIdParamsSchema,
} from '@portal/contract/transactions';
import { AppError } from '@server/lib/errors';
import type { RoutePlugin } from '@server/lib/zod-routes';
import { recordAuditEvent } from '@server/modules/audit/audit-log';
import { matchDeposit } from '@server/modules/deposits/decisions';
import { applyMove } from './moves';
import { completeSell, takeSell } from './payouts';
import { findTransaction, listOperatorTransactions, operatorTransaction } from './repository';

/**
 * The operator's side of requests (docs/PRODUCT.md "Roles": payouts of sells, buys that need a person).
 *
 *   GET  /operator/transactions            ?type&status(repeatable)&page&pageSize, oldest first
 *   POST /operator/transactions/:id/take     sell: merchant debit, then Requested -> Pending
 *   POST /operator/transactions/:id/complete sell with payoutReference, or buy (depositId?)
 *   POST /operator/transactions/:id/cancel   Requested or Pending buy or sell, with a reason
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
        querystring: transactionListQuerySchema,
        response: { 200: operatorTransactionListResponseSchema },
      },
    },
    async (request) => listOperatorTransactions(db, request.query),
  );

  app.post(
    '/operator/transactions/:id/take',
    {
      config,
      schema: {
        params: transactionIdParamsSchema,
        body: takeSellRequestSchema,
        response: { 200: operatorTransactionSchema },
      },
    },
    async (request) => {
      const operator = app.signedInUser(request);
      await takeSell(
        app,
        request.params.id,
        { kind: 'operator', userId: operator.id },
        request.body,
      );
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
        response: { 200: operatorTransactionSchema },
      },
    },
    async (request) => {
      const operator = app.signedInUser(request);
      const actor = { kind: 'operator' as const, userId: operator.id };
      const row = await existing(request.params.id);
      if (row.type === 'sell') {
        await completeSell(app, row.id, actor, request.body);
      } else {
        // A buy completes only with the deposit that paid it (docs/decisions/010); a deposit
        // of another amount is matched from the deposit's screen, which asks to accept it.
        const { depositId, note } = request.body;
        if (!depositId) {
          throw new AppError('VALIDATION_FAILED', undefined, { fields: { depositId: 'required' } });
        }
        await matchDeposit(
          db,
          depositId,
          { transactionId: row.id, acceptAmountDifference: false, note },
          { userId: operator.id, ip: request.ip },
        );
      }
      return answer(row.id);
    },
  );

  app.post(
    '/operator/transactions/:id/cancel',
    {
      config,
      schema: {
        params: transactionIdParamsSchema,
        body: operatorCancelRequestSchema,
        response: { 200: operatorTransactionSchema },
      },
    },
    async (request) => {
      const operator = app.signedInUser(request);
      const row = await existing(request.params.id);
      // The move follows the status: a Requested request is stopped before anything happened,
      // a Pending one is undone (a Pending sell gives its debited asset back).
      const move =
        row.status === 'Requested'
          ? ('operator_cancel_request' as const)
          : row.type === 'sell'
            ? ('operator_cancel_sell' as const)
            : ('operator_cancel_buy' as const);
      await db.transaction(async (tx) => {
        const moved = await applyMove(
          tx,
          row.id,
          { move, reason: request.body.reason },
          { kind: 'operator', userId: operator.id },
        );
        await recordAuditEvent(tx, {
          action: 'transaction_cancelled_by_operator',
          actorUserId: operator.id,
          subjectUserId: moved.userId,
          ip: request.ip,
          details: { transaction: moved.number, from: row.status, reason: request.body.reason },
        });
      });
      return answer(row.id);
    },
  );
};

export default operatorTransactionRoutes;
