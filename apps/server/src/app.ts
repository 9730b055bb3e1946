import { API_BASE_PATH } from '@portal/contract/http';
import Fastify from 'fastify';
import type { DestinationStream } from 'pino';
import type { Config } from '@server/config';
import type { DatabaseHandle } from '@server/db/client';
import { loggerOptions, requestIdFor } from '@server/lib/logger';
import {
  zodSerializerCompiler,
  zodValidatorCompiler,
  type App,
  type ZodTypeProvider,
} from '@server/lib/zod-routes';
import healthRoutes from '@server/modules/health/routes';
import approvalRoutes from '@server/modules/approvals/routes';
import auditRoutes from '@server/modules/audit/routes';
import authRoutes from '@server/modules/auth/routes';
import passwordResetRoutes from '@server/modules/auth/password-reset-routes';
import emailVerificationRoutes from '@server/modules/email-verification/routes';
import signedInDevicesRoutes from '@server/modules/signed-in-devices/routes';
import passkeyProfileRoutes from '@server/modules/passkeys/profile-routes';
import passkeySignInRoutes from '@server/modules/passkeys/sign-in-routes';
import twoFactorRoutes from '@server/modules/two-factor/routes';
import twoFactorSignInRoutes from '@server/modules/two-factor/sign-in-routes';
import profileRoutes from '@server/modules/profile/routes';
import userRoutes from '@server/modules/users/routes';
import agencyRoutes from '@server/modules/agencies/routes';
import agencyClientRoutes from '@server/modules/agency-clients/routes';
import agencyDashboardRoutes from '@server/modules/agency-dashboard/routes';
import kycRoutes from '@server/modules/kyc/routes';
import nameChangeRoutes from '@server/modules/kyc/name-change-routes';
import identityUploads from '@server/modules/kyc/uploads-in-flight';
import fileSweep from '@server/modules/kyc/file-sweep';
import accountRoutes from '@server/modules/accounts/routes';
import agencyBankAccountRoutes from '@server/modules/agency-bank-account/routes';
import payeeRoutes from '@server/modules/payees/routes';
import operatorSandboxRoutes from '@server/modules/sandbox/operator-routes';
import sandboxRoutes from '@server/modules/sandbox/routes';
import merchantAdapters from '@server/modules/merchants/adapters-plugin';
import operatorMerchantRoutes from '@server/modules/merchants/operator-routes';
import merchantRoutes from '@server/modules/merchants/routes';
import depositRoutes from '@server/modules/deposits/routes';
import live from '@server/modules/live/plugin';
import liveRoutes from '@server/modules/live/routes';
import rateRoutes from '@server/modules/rates/routes';
import reconciliationRoutes from '@server/modules/reconciliation/routes';
import moneyWorkers from '@server/modules/transactions/workers';
import transactionMails from '@server/modules/transaction-mails/worker';
import mailSettingsRoutes from '@server/modules/transaction-mails/routes';
import operatorTransactionRoutes from '@server/modules/transactions/operator-routes';
import merchantCreditRoutes from '@server/modules/transactions/merchant-credit-routes';
import transactionRoutes from '@server/modules/transactions/routes';
import storage from '@server/lib/storage/plugin';
import access from '@server/plugins/app/access';
import demoData from '@server/plugins/app/demo-data';
import housekeeping from '@server/plugins/app/housekeeping';
import jobs from '@server/plugins/app/jobs';
import readRouting from '@server/plugins/app/read-routing';
import type { Mailer } from '@server/lib/mail/mailer';
import mailer from '@server/plugins/app/mailer';
import metrics from '@server/plugins/app/metrics';
import secretBox from '@server/plugins/app/secret-box';
import errorHandler, {
  frameworkErrorHandler,
  clientErrorHandler,
} from '@server/plugins/app/error-handler';
import responseHeaders from '@server/plugins/app/response-headers';
import compress from '@server/plugins/external/compress';
import cookie from '@server/plugins/external/cookie';
import database from '@server/plugins/external/database';
import helmet from '@server/plugins/external/helmet';
import rateLimit from '@server/plugins/external/rate-limit';
import webApp from '@server/plugins/external/web-app';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
  }
}

/** What tests swap in. In production everything comes from the configuration. */
export interface AppDependencies {
  /** An opened database to use instead of the configured one; the app closes it on close. */
  database?: DatabaseHandle;
  /** Where log lines go instead of stdout. */
  logStream?: DestinationStream;
  /** Where mail goes instead of SMTP_URL or DATA_DIR/mail. */
  mailer?: Mailer;
}

/** JSON bodies stay small; file uploads get their own limits where they are accepted. */
const BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * Builds the whole application without listening, for server.ts and for tests (`app.inject`).
 * Plugins load on `ready()`/`listen()`: the database is opened and migrated then, and the app is
 * only ready once that has worked. Whoever builds an app must `close()` it.
 */
export function buildApp(config: Config, dependencies: AppDependencies = {}): App {
  const app = Fastify({
    logger: loggerOptions(config, dependencies.logStream),
    genReqId: requestIdFor,
    requestIdHeader: false,
    trustProxy: config.trustProxy,
    bodyLimit: BODY_LIMIT_BYTES,
    // Time allowed to receive a whole request. Bounds slow-loris style clients when no proxy
    // in front does it; does not limit how long a response (or an event stream) may take.
    requestTimeout: 60_000,
    // No limit on how long a plugin may take to start (Fastify's default is 10 s): the database
    // plugin runs the migrations, and one that builds an index over a large table (the trigram
    // indexes of docs/decisions/029) takes as long as it takes; a fresh embedded database takes
    // about 9 s on two idle cores. An unreachable database still fails within the pool's
    // connection timeout (db/client.ts).
    pluginTimeout: 0,
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(zodSerializerCompiler);
  app.decorate('config', config);

  // Order matters: the error handler and hooks registered here apply to everything after.
  app.register(errorHandler);
  app.register(responseHeaders);
  app.register(helmet);
  app.register(compress);
  app.register(cookie);
  app.register(rateLimit);
  app.register(database, { database: dependencies.database });
  app.register(metrics);
  app.register(secretBox);
  app.register(storage);
  app.register(mailer, { mailer: dependencies.mailer });
  app.register(demoData);
  app.register(access);
  app.register(readRouting);
  app.register(jobs);
  app.register(housekeeping);
  app.register(merchantAdapters);
  app.register(identityUploads);
  app.register(fileSweep);
  app.register(live);
  app.register(moneyWorkers);
  app.register(transactionMails);

  app.register(healthRoutes, { prefix: API_BASE_PATH });
  app.register(authRoutes, { prefix: API_BASE_PATH });
  app.register(passwordResetRoutes, { prefix: API_BASE_PATH });
  app.register(emailVerificationRoutes, { prefix: API_BASE_PATH });
  app.register(signedInDevicesRoutes, { prefix: API_BASE_PATH });
  app.register(twoFactorSignInRoutes, { prefix: API_BASE_PATH });
  app.register(twoFactorRoutes, { prefix: API_BASE_PATH });
  app.register(passkeySignInRoutes, { prefix: API_BASE_PATH });
  app.register(passkeyProfileRoutes, { prefix: API_BASE_PATH });
  app.register(profileRoutes, { prefix: API_BASE_PATH });
  app.register(mailSettingsRoutes, { prefix: API_BASE_PATH });
  app.register(userRoutes, { prefix: API_BASE_PATH });
  app.register(agencyRoutes, { prefix: API_BASE_PATH });
  app.register(agencyClientRoutes, { prefix: API_BASE_PATH });
  app.register(agencyDashboardRoutes, { prefix: API_BASE_PATH });
  app.register(auditRoutes, { prefix: API_BASE_PATH });
  app.register(kycRoutes, { prefix: API_BASE_PATH });
  app.register(nameChangeRoutes, { prefix: API_BASE_PATH });
  app.register(merchantRoutes, { prefix: API_BASE_PATH });
  app.register(operatorMerchantRoutes, { prefix: API_BASE_PATH });
  app.register(accountRoutes, { prefix: API_BASE_PATH });
  app.register(agencyBankAccountRoutes, { prefix: API_BASE_PATH });
  app.register(payeeRoutes, { prefix: API_BASE_PATH });
  // Sandbox merchants' test accounts exist only with SANDBOX_MERCHANTS on (docs/decisions/011).
  if (config.sandboxMerchants) app.register(sandboxRoutes, { prefix: API_BASE_PATH });
  app.register(operatorSandboxRoutes, { prefix: API_BASE_PATH });
  app.register(rateRoutes, { prefix: API_BASE_PATH });
  app.register(transactionRoutes, { prefix: API_BASE_PATH });
  app.register(operatorTransactionRoutes, { prefix: API_BASE_PATH });
  app.register(merchantCreditRoutes, { prefix: API_BASE_PATH });
  app.register(depositRoutes, { prefix: API_BASE_PATH });
  app.register(reconciliationRoutes, { prefix: API_BASE_PATH });
  app.register(approvalRoutes, { prefix: API_BASE_PATH });
  app.register(liveRoutes, { prefix: API_BASE_PATH });

  // Last: it answers whatever no route above claimed.
  app.register(webApp);
  return app;
}
