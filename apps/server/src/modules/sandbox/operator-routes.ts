import {
  operatorSandboxAccountListResponseSchema,
  operatorSandboxAccountSchema,
  sandboxAccountParamsSchema,
  topUpSandboxAccountRequestSchema,
} from '@portal/contract/sandbox';
import { z } from 'zod';
import { AppError } from '@server/lib/errors';
import type { RoutePlugin } from '@server/lib/zod-routes';
import { recordAuditEvent } from '@server/modules/audit/audit-log';
import { findMerchant } from '@server/modules/merchants/repository';
import {
  closeSandboxAccount,
  listMerchantSandboxAccounts,
  topUpSandboxAccount,
} from './repository';

const operatorOnly = { access: ['operator'] } as const;
const merchantIdParamsSchema = z.strictObject({ id: z.uuid({ error: 'invalid' }) });

/**
 * A sandbox merchant's books as operators manage them (docs/decisions/011). Registered whatever
 * SANDBOX_MERCHANTS says, so accounts opened before it was turned off can still be closed.
 *
 *   GET  /operator/merchants/:id/sandbox-accounts
 *   POST /operator/merchants/:id/sandbox-accounts/:accountNumber/top-up   { amount }
 *   POST /operator/merchants/:id/sandbox-accounts/:accountNumber/close    409 if already closed
 */
const operatorSandboxRoutes: RoutePlugin = async (app) => {
  const { db } = app;

  async function sandboxMerchant(id: string) {
    const merchant = await findMerchant(db, id);
    if (!merchant) throw new AppError('NOT_FOUND', 'This merchant does not exist.');
    if (merchant.connection !== 'sandbox') throw new AppError('MERCHANT_NOT_SANDBOX');
    return merchant;
  }

  app.get(
    '/operator/merchants/:id/sandbox-accounts',
    {
      config: operatorOnly,
      schema: {
        params: merchantIdParamsSchema,
        response: { 200: operatorSandboxAccountListResponseSchema },
      },
    },
    async (request) => {
      const merchant = await sandboxMerchant(request.params.id);
      return { items: await listMerchantSandboxAccounts(db, merchant.id) };
    },
  );

  app.post(
    '/operator/merchants/:id/sandbox-accounts/:accountNumber/top-up',
    {
      config: operatorOnly,
      schema: {
        params: sandboxAccountParamsSchema,
        body: topUpSandboxAccountRequestSchema,
        response: { 200: operatorSandboxAccountSchema },
      },
    },
    async (request) => {
      const operator = app.signedInUser(request);
      const merchant = await sandboxMerchant(request.params.id);
      const { amount } = request.body;
      return topUpSandboxAccount(
        db,
        merchant.id,
        request.params.accountNumber,
        amount,
        (tx, account) =>
          recordAuditEvent(tx, {
            action: 'sandbox_account_topped_up',
            actorUserId: operator.id,
            subjectUserId: account.openedBy?.id ?? null,
            ip: request.ip,
            object: { type: 'sandbox_account', id: `${merchant.code}:${account.accountNumber}` },
            details: {
              merchantId: merchant.id,
              accountNumber: account.accountNumber,
              amount,
              balanceAfter: account.balance,
            },
          }),
      );
    },
  );

  app.post(
    '/operator/merchants/:id/sandbox-accounts/:accountNumber/close',
    {
      config: operatorOnly,
      schema: {
        params: sandboxAccountParamsSchema,
        body: z.strictObject({}).nullish(),
        response: { 200: operatorSandboxAccountSchema },
      },
    },
    async (request) => {
      const operator = app.signedInUser(request);
      const merchant = await sandboxMerchant(request.params.id);
      return closeSandboxAccount(db, merchant.id, request.params.accountNumber, (tx, account) =>
        recordAuditEvent(tx, {
          action: 'sandbox_account_closed',
          actorUserId: operator.id,
          subjectUserId: account.openedBy?.id ?? null,
          ip: request.ip,
          object: { type: 'sandbox_account', id: `${merchant.code}:${account.accountNumber}` },
          details: { merchantId: merchant.id, accountNumber: account.accountNumber },
        }),
      );
    },
  );
};

export default operatorSandboxRoutes;
