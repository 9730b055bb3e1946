import {
  failedCreditListResponseSchema,
  retryCreditRequestSchema,
} from '@portal/contract/merchant-credits';
import {
  operatorTransactionSchema,
  transactionIdParamsSchema,
} from '@portal/contract/transactions';
import { AppError } from '@server/lib/errors';
import type { RoutePlugin } from '@server/lib/zod-routes';
import { listFailedCredits, retryFailedCredit } from './merchant-credits';
import { operatorTransaction } from './repository';

/**
 * The operator's side of merchant credits that failed (docs/decisions/008):
 *
 *   GET  /operator/merchant-credits               the failed ones, oldest first
 *   POST /operator/transactions/:id/retry-credit  back into the outbox, tried at once
 */
const merchantCreditRoutes: RoutePlugin = async (app) => {
  const config = { access: ['operator' as const] };

  app.get(
    '/operator/merchant-credits',
    { config, schema: { response: { 200: failedCreditListResponseSchema } } },
    async () => ({ items: await listFailedCredits(app.db) }),
  );

  app.post(
    '/operator/transactions/:id/retry-credit',
    {
      config,
      schema: {
        params: transactionIdParamsSchema,
        body: retryCreditRequestSchema,
        response: { 200: operatorTransactionSchema },
      },
    },
    async (request) => {
      const operator = app.signedInUser(request);
      await retryFailedCredit(app.db, request.params.id, {
        userId: operator.id,
        ip: request.ip,
        note: request.body.note,
      });
      const updated = await operatorTransaction(app.db, request.params.id);
      if (!updated) throw new AppError('NOT_FOUND', 'This transaction does not exist.');
      return updated;
    },
  );
};

export default merchantCreditRoutes;
