import {
  accountPositionSchema,
  cancelTransactionRequestSchema,
  createTransactionRequestSchema,
  depositAccountResponseSchema,
  transactionDetailSchema,
  transactionIdParamsSchema,
  type TransactionDetail,
  type TransactionType,
} from '@portal/contract/transactions';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { agencies, users } from '@server/db/schema';
import { AppError } from '@server/lib/errors';
import type { RoutePlugin } from '@server/lib/zod-routes';
import { withIdempotency } from '@server/modules/idempotency/idempotency';
import { refuseUnverifiedEmail } from '@server/modules/email-verification/gate';
import { isIdentityVerified } from '@server/modules/kyc/repository';
import { requireTwoFactorOn } from '@server/modules/two-factor/money-out';
import { applyMove } from './moves';
import transactionListRoutes from './list-routes';
import { transactionDetail } from './repository';
import { accountPosition, createBuy, createSell } from './requests';

/**
 * A signed-in user's own buy and sell requests; another user's are "not found".
 *
 *   POST /transactions/buy          { accountId, amount, quoteToken } + Idempotency-Key -> 201
 *   POST /transactions/sell         same; the amount is reserved at once; two-factor on
 *   GET  /transactions              ?type&status&from&to&q&page&pageSize (list-routes.ts)
 *   GET  /transactions/:id          with the event history
 *   POST /transactions/:id/cancel   { reason? } while Requested
 *   GET  /accounts/:id/position     balance, open position, available
 *   GET  /deposit-account           the partner agency bank account buys are paid into
 */
const transactionRoutes: RoutePlugin = async (app) => {
  const { db } = app;

  const create = (type: TransactionType) =>
    app.post(
      `/transactions/${type}`,
      {
        schema: {
          body: createTransactionRequestSchema,
          response: { 201: transactionDetailSchema },
        },
      },
      async (request, reply) => {
        const user = app.signedInUser(request);
        // Money waits for a confirmed email (docs/decisions/027) and a verified identity
        // (docs/decisions/010), before anything else.
        await refuseUnverifiedEmail(db, user.id);
        if (!(await isIdentityVerified(db, user.id))) throw new AppError('KYC_REQUIRED');
        // A sell sends the won out: two-factor on first (docs/decisions/026).
        if (type === 'sell') await requireTwoFactorOn(db, user);
        return withIdempotency(db, request, reply, user.id, async (keep) => {
          let answer: { status: number; body: TransactionDetail } | undefined;
          // The answer is made and kept inside the request's own transaction, so a crash can
          // never leave a request without its key or a key without its request.
          const id = await (type === 'buy' ? createBuy : createSell)(
            app,
            user.id,
            request.body,
            async (tx, transactionId) => {
              const detail = await transactionDetail(tx, transactionId, user.id);
              answer = { status: 201, body: transactionDetailSchema.parse(detail) };
              await keep(tx, answer);
            },
          );
          request.log.info({ transactionId: id, type }, 'request created');
          return answer!;
        });
      },
    );
  create('buy');
  create('sell');

  // Lists and exports: their own file, registered here so they share the prefix.
  await app.register(transactionListRoutes);

  app.get(
    '/transactions/:id',
    { schema: { params: transactionIdParamsSchema, response: { 200: transactionDetailSchema } } },
    async (request) => {
      const user = app.signedInUser(request);
      const detail = await transactionDetail(db, request.params.id, user.id);
      if (!detail) throw new AppError('NOT_FOUND', 'This transaction does not exist.');
      return detail;
    },
  );

  app.post(
    '/transactions/:id/cancel',
    {
      schema: {
        params: transactionIdParamsSchema,
        body: cancelTransactionRequestSchema,
        response: { 200: transactionDetailSchema },
      },
    },
    async (request) => {
      const user = app.signedInUser(request);
      const own = await transactionDetail(db, request.params.id, user.id);
      if (!own) throw new AppError('NOT_FOUND', 'This transaction does not exist.');
      await db.transaction((tx) =>
        applyMove(
          tx,
          own.id,
          { move: 'user_cancel', reason: request.body.reason },
          { kind: 'user', userId: user.id },
        ),
      );
      return (await transactionDetail(db, own.id, user.id))!;
    },
  );

  app.get(
    '/accounts/:id/position',
    {
      schema: {
        params: z.strictObject({ id: z.uuid({ error: 'required' }) }),
        response: { 200: accountPositionSchema },
      },
    },
    async (request) => {
      const user = app.signedInUser(request);
      return accountPosition(app, user.id, request.params.id);
    },
  );

  app.get(
    '/deposit-account',
    { schema: { response: { 200: depositAccountResponseSchema } } },
    async (request) => {
      const user = app.signedInUser(request);
      const [row] = await db
        .select({
          agencyName: agencies.name,
          bankName: agencies.bankName,
          accountNumber: agencies.bankAccountNumber,
          accountHolder: agencies.bankAccountHolder,
          agencyStatus: agencies.status,
        })
        .from(users)
        .leftJoin(agencies, eq(agencies.id, users.agencyId))
        .where(eq(users.id, user.id));
      // A disabled agency's account is never shown to a payer (docs/decisions/022).
      const complete =
        row?.agencyStatus === 'active' && row.bankName && row.accountNumber && row.accountHolder;
      return {
        agencyName: row?.agencyName ?? null,
        takingBuys: row?.agencyStatus !== 'disabled',
        account: complete
          ? {
              bankName: row.bankName!,
              accountNumber: row.accountNumber!,
              accountHolder: row.accountHolder!,
            }
          : null,
      };
    },
  );
};

export default transactionRoutes;
