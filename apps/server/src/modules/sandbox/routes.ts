import {
  openedSandboxAccountSchema,
  openSandboxAccountRequestSchema,
  sandboxAccountListResponseSchema,
} from '@portal/contract/sandbox';
import { AppError } from '@server/lib/errors';
import type { RoutePlugin } from '@server/lib/zod-routes';
import { tooManyAttempts } from '@server/modules/auth/throttling';
import { findMerchant, isAvailableToUsers } from '@server/modules/merchants/repository';
import { hit, type ThrottleRule } from '@server/modules/throttle/throttle';
import { listOwnSandboxAccounts, openSandboxAccount } from './repository';

/** Sandbox accounts a user may open per hour, whatever the merchant (each costs a hash). */
export const SANDBOX_OPENINGS: ThrottleRule = { limit: 20, windowSeconds: 60 * 60 };

/** Those who have merchant accounts: the operator runs the portal and has none. */
const accountHolders = ['client', 'agency'] as const;

/**
 * Test accounts at sandbox merchants, opened by users themselves (docs/decisions/011). Only
 * registered when SANDBOX_MERCHANTS is on.
 *
 *   POST /sandbox/accounts   { merchantId } -> 201 the account, with its password this once
 *   GET  /sandbox/accounts   the user's own sandbox accounts, never a password
 *
 * The account is then linked the normal way (POST /accounts/verify, POST /accounts).
 */
const sandboxRoutes: RoutePlugin = async (app) => {
  const { db } = app;

  app.post(
    '/sandbox/accounts',
    {
      config: {
        access: accountHolders,
        rateLimit: {
          max: 30,
          timeWindow: '1 minute',
          keyGenerator: (request) => `sandbox-open:${request.user?.id ?? request.ip}`,
        },
      },
      schema: {
        body: openSandboxAccountRequestSchema,
        response: { 201: openedSandboxAccountSchema },
      },
    },
    async (request, reply) => {
      const user = app.signedInUser(request);
      const throttled = await hit(db, `sandbox-open:user:${user.id}`, SANDBOX_OPENINGS);
      if (!throttled.allowed) tooManyAttempts(reply, throttled.retryAfterSeconds);

      const merchant = await findMerchant(db, request.body.merchantId);
      if (!merchant || !isAvailableToUsers(merchant, app.config)) {
        throw new AppError('MERCHANT_NOT_AVAILABLE');
      }
      if (merchant.connection !== 'sandbox') throw new AppError('MERCHANT_NOT_SANDBOX');

      const opened = await openSandboxAccount(db, {
        userId: user.id,
        merchant,
        startingBalance: app.config.sandboxStartingBalance,
        limit: app.config.sandboxAccountsPerMerchant,
      });
      // Never the password: the answer is the only place it appears.
      request.log.info(
        { merchantId: merchant.id, accountNumber: opened.accountNumber },
        'sandbox account opened',
      );
      return reply.code(201).send(opened);
    },
  );

  app.get(
    '/sandbox/accounts',
    {
      config: { access: accountHolders },
      schema: { response: { 200: sandboxAccountListResponseSchema } },
    },
    async (request) => ({
      items: await listOwnSandboxAccounts(db, app.signedInUser(request).id),
    }),
  );
};

export default sandboxRoutes;
