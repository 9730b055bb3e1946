import {
  accountIdParamsSchema,
  accountListResponseSchema,
  accountSchema,
  createAccountRequestSchema,
  renameAccountRequestSchema,
  verifyAccountRequestSchema,
  verifyAccountResponseSchema,
} from '@portal/contract/accounts';
import { z } from 'zod';
import { AppError } from '@server/lib/errors';
import type { RoutePlugin } from '@server/lib/zod-routes';
import { tooManyAttempts } from '@server/modules/auth/throttling';
import { MerchantError, type VerifiedAccount } from '@server/modules/merchants/adapter';
import { callMerchant } from '@server/modules/merchants/adapters-plugin';
import { findMerchant, isAvailableToUsers } from '@server/modules/merchants/repository';
import { sameDepositorName } from '@server/modules/deposits/matching';
import { hit, type ThrottleRule } from '@server/modules/throttle/throttle';
import {
  createVerification,
  deleteAccount,
  refuseIfSaved,
  listAccounts,
  makeDefault,
  renameAccount,
  saveVerifiedAccount,
} from './repository';

/** Verify attempts per user: each one sends a password to a merchant. */
export const VERIFY_ATTEMPTS: ThrottleRule = { limit: 10, windowSeconds: 15 * 60 };

/**
 * A signed-in user's saved merchant accounts; every query is scoped by the user's id, so another
 * user's account is "not found".
 *
 *   POST   /accounts/verify        { merchantId, accountNumber, password } -> verification
 *   POST   /accounts               { verificationId, name? } -> 201 account
 *   GET    /accounts               default first, then newest
 *   POST   /accounts/:id/default   -> the list
 *   PATCH  /accounts/:id           { name } -> account
 *   DELETE /accounts/:id           204; 409 while it has open buy or sell requests
 *
 * The merchant password is used for the merchant call only: never stored, logged or returned.
 */
const accountRoutes: RoutePlugin = async (app) => {
  const { db } = app;

  app.post(
    '/accounts/verify',
    {
      schema: { body: verifyAccountRequestSchema, response: { 200: verifyAccountResponseSchema } },
    },
    async (request, reply) => {
      const user = app.signedInUser(request);
      const { merchantId, accountNumber, password } = request.body;

      const throttled = await hit(db, `account-verify:user:${user.id}`, VERIFY_ATTEMPTS);
      if (!throttled.allowed) tooManyAttempts(reply, throttled.retryAfterSeconds);

      const merchant = await findMerchant(db, merchantId);
      if (!merchant || !isAvailableToUsers(merchant, app.config)) {
        throw new AppError('MERCHANT_NOT_AVAILABLE');
      }
      await refuseIfSaved(db, user.id, merchant.id, accountNumber);

      let verified: VerifiedAccount;
      try {
        const adapter = app.merchantAdapters.forMerchant(merchant);
        verified = await callMerchant(app.merchantAdapters.timeoutMs, (signal) =>
          adapter.verifyAccount({ accountNumber, password }, signal),
        );
      } catch (error) {
        const kind = error instanceof MerchantError ? error.kind : 'unexpected';
        if (kind === 'rejected_credentials') throw new AppError('MERCHANT_ACCOUNT_REJECTED');
        // Only the kind and the merchant are logged: an adapter's error may quote the request.
        request.log.warn({ merchantId: merchant.id, kind }, 'merchant account verification failed');
        throw new AppError('MERCHANT_UNAVAILABLE');
      }
      if (!verified?.holderName || !verified.linkToken) {
        request.log.warn({ merchantId: merchant.id }, 'merchant verification answer incomplete');
        throw new AppError('MERCHANT_UNAVAILABLE');
      }
      // Only an account in the user's own name: deposits are matched by that name, and a
      // balance held in another person's name is not theirs to sell (docs/decisions/010).
      if (!sameDepositorName(verified.holderName, user.name)) {
        throw new AppError('HOLDER_NAME_MISMATCH');
      }

      const row = await createVerification(db, app.secretBox, {
        userId: user.id,
        merchantId: merchant.id,
        accountNumber,
        holderName: verified.holderName,
        linkToken: verified.linkToken,
      });
      return {
        verificationId: row.id,
        holderName: row.holderName,
        accountNumber: row.accountNumber,
        merchantId: row.merchantId,
        expiresAt: row.expiresAt.toISOString(),
      };
    },
  );

  app.post(
    '/accounts',
    { schema: { body: createAccountRequestSchema, response: { 201: accountSchema } } },
    async (request, reply) => {
      const user = app.signedInUser(request);
      const account = await saveVerifiedAccount(db, app.secretBox, {
        userId: user.id,
        verificationId: request.body.verificationId,
        name: request.body.name,
      });
      return reply.code(201).send(account);
    },
  );

  app.get(
    '/accounts',
    { schema: { response: { 200: accountListResponseSchema } } },
    async (request) => ({ items: await listAccounts(db, app.signedInUser(request).id) }),
  );

  app.post(
    '/accounts/:id/default',
    {
      schema: {
        params: accountIdParamsSchema,
        body: z.strictObject({}).nullish(),
        response: { 200: accountListResponseSchema },
      },
    },
    async (request) => {
      const user = app.signedInUser(request);
      await makeDefault(db, user.id, request.params.id);
      return { items: await listAccounts(db, user.id) };
    },
  );

  app.patch(
    '/accounts/:id',
    {
      schema: {
        params: accountIdParamsSchema,
        body: renameAccountRequestSchema,
        response: { 200: accountSchema },
      },
    },
    async (request) => {
      const user = app.signedInUser(request);
      return renameAccount(db, user.id, request.params.id, request.body.name);
    },
  );

  app.delete(
    '/accounts/:id',
    { schema: { params: accountIdParamsSchema } },
    async (request, reply) => {
      const user = app.signedInUser(request);
      await deleteAccount(db, user.id, request.params.id);
      return reply.code(204).send();
    },
  );
};

export default accountRoutes;
