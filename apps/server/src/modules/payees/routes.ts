import {
  payeeOrNullResponseSchema,
  payeeRequestSchema,
  payeeResponseSchema,
} from '@portal/contract/payees';
import type { RoutePlugin } from '@server/lib/zod-routes';
import { findPayee, savePayee } from './repository';

/**
 * The signed-in user's payee: the bank account the won of their sells is paid to
 * (docs/decisions/010). A sell is refused without one (PAYEE_REQUIRED) and keeps a copy of it.
 *
 *   GET /payee   the payee, or null when none is registered
 *   PUT /payee   { bankCode, accountNumber }; the holder is the user's own name; audited
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
      const payee = await savePayee(app.db, {
        userId: user.id,
        ip: request.ip,
        payee: request.body,
      });
      request.log.info({ userId: user.id }, 'payee saved');
      return payee;
    },
  );
};

export default payeeRoutes;
