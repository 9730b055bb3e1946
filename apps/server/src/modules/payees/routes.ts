import {
  payeeOrNullResponseSchema,
  payeeRequestSchema,
  payeeResponseSchema,
} from '@portal/contract/payees';
import type { RoutePlugin } from '@server/lib/zod-routes';
import { requireTwoFactorOn } from '@server/modules/two-factor/money-out';
import { refuseUnverifiedEmail } from '@server/modules/email-verification/gate';
import { requireRecentSecondFactor } from '@server/modules/two-factor/step-up';
import { payeeChangedMail } from './mail';
import { findPayee, savePayee } from './repository';

/**
 * The signed-in user's payee: the bank account the won of their sells is paid to
 * (docs/decisions/010). A sell is refused without one (PAYEE_REQUIRED) and keeps a copy of it.
 *
 *   GET /payee   the payee, or null when none is registered
 *   PUT /payee   { bankCode, accountNumber, language? }; the holder is the user's own name;
 *                audited and mailed; needs two-factor on (TWO_FACTOR_REQUIRED) and a
 *                recent second factor (step-up)
 */
const payeeRoutes: RoutePlugin = async (app) => {
  app.get('/payee', { schema: { response: { 200: payeeOrNullResponseSchema } } }, async (request) =>
    findPayee(app.db, app.signedInUser(request).id),
  );

  app.put(
    '/payee',
    { schema: { body: payeeRequestSchema, response: { 200: payeeResponseSchema } } },
    async (request) => {
      const user = app.signedInUser(request);
      // A payout account waits for a confirmed email, like buy and sell (docs/decisions/027).
      await refuseUnverifiedEmail(app.db, user.id);
      // Where the money goes: two-factor on (docs/decisions/026) and a recent proof (step-up).
      await requireTwoFactorOn(app.db, user);
      await requireRecentSecondFactor(app.db, request);
      const { language = 'ko', ...payee } = request.body;
      const saved = await savePayee(app.db, { userId: user.id, ip: request.ip, payee });
      request.log.info({ userId: user.id }, 'payee saved');
      if (saved.changed) {
        app.jobs.afterAnswer('payee changed mail', () =>
          app.mailer.send(payeeChangedMail(language, user, saved.payee, app.config.publicUrl)),
        );
      }
      return saved.payee;
    },
  );
};

export default payeeRoutes;
