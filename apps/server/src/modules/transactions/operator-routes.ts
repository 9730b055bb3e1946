import {
  completeTransactionRequestSchema,
  operatorCancelRequestSchema,
  operatorTransactionListResponseSchema,
  operatorTransactionSchema,
  takeSellRequestSchema,
  transactionIdParamsSchema,
  transactionListQuerySchema,
  TRANSACTION_STATUSES,
} from '@portal/contract/transactions';
import { z } from 'zod';
import { AppError } from '@server/lib/errors';
import type { RoutePlugin } from '@server/lib/zod-routes';
import { completeBuy } from '@server/modules/deposits/resolution';
import { applyMove } from './moves';
import { completeSell } from './payouts';
import { findTransaction, listOperatorTransactions, operatorTransaction } from './repository';

const operatorListQuerySchema = transactionListQuerySchema.extend({
  /** One status or several: ?status=Requested&status=Pending */
  status: z.union([z.enum(TRANSACTION_STATUSES), z.array(z.enum(TRANSACTION_STATUSES))]).optional(),
});

/**
 * The operator's side of requests (DESIGN roles: payouts of sells, buys that need a person).
 *
 *   GET  /operator/transactions            ?type&status(repeatable)&page&pageSize, oldest first
 *   POST /operator/transactions/:id/take     sell Requested -> Pending
 *   POST /operator/transactions/:id/complete sell with payoutReference, or buy (depositId?)
 *   POST /operator/transactions/:id/cancel   Pending buy or sell, with a reason
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
      await db.transaction((tx) =>
        applyMove(
          tx,
          request.params.id,
          { move: 'operator_take_sell', note: request.body.note },
          { kind: 'operator', userId: operator.id },
        ),
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
        await completeBuy(db, row.id, actor, request.body);
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
      await db.transaction((tx) =>
        applyMove(
          tx,
          row.id,
          {
            move: row.type === 'sell' ? 'operator_cancel_sell' : 'operator_cancel_buy',
            reason: request.body.reason,
          },
          { kind: 'operator', userId: operator.id },
        ),
      );
      return answer(row.id);
    },
  );
};

export default operatorTransactionRoutes;
