import { merchantListResponseSchema } from '@portal/contract/merchants';
import type { RoutePlugin } from '@server/lib/zod-routes';
import { listActiveMerchants, toMerchant } from './repository';

/**
 * Merchants as users choose them (any signed-in user):
 *
 *   GET /merchants    active merchants only; disabled ones vanish from the choices, and so do
 *                     sandbox ones when SANDBOX_MERCHANTS is off
 */
const merchantRoutes: RoutePlugin = async (app) => {
  app.get(
    '/merchants',
    { schema: { response: { 200: merchantListResponseSchema } } },
    async () => ({ items: (await listActiveMerchants(app.db, app.config)).map(toMerchant) }),
  );
};

export default merchantRoutes;
