import { agencyDashboardResponseSchema } from '@portal/contract/agency-dashboard';
import { AppError } from '@server/lib/errors';
import type { RoutePlugin } from '@server/lib/zod-routes';
import { agencyDashboard } from './repository';

/**
 * A partner agency's dashboard (role agency only, docs/decisions/022):
 *   GET /agency/dashboard   its clients, verified clients, completed won, and the last months
 * Bounded by the signed-in user's own agency.
 */
const agencyDashboardRoutes: RoutePlugin = async (app) => {
  app.get(
    '/agency/dashboard',
    {
      config: { access: ['agency'] },
      schema: { response: { 200: agencyDashboardResponseSchema } },
    },
    async (request) => {
      const { agencyId } = app.signedInUser(request);
      // The database refuses an agency user without an agency; this only guards the type.
      if (!agencyId) throw new AppError('FORBIDDEN');
      return agencyDashboard(request.readDb, agencyId);
    },
  );
};

export default agencyDashboardRoutes;
