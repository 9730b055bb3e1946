import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { AppError } from '@server/lib/errors';
import type { RoutePlugin } from '@server/lib/zod-routes';

const healthSchema = z.object({ status: z.literal('ok') });
const readySchema = z.object({ status: z.literal('ready') });

/**
 * Probes for orchestrators and load balancers.
 * - /health (liveness): the process answers. No database, so a database outage does not get
 *   every instance restarted.
 * - /ready (readiness): this instance can serve, i.e. its database answers.
 */
const probe = { caller: 'probe', access: 'public' } as const;

const healthRoutes: RoutePlugin = async (app) => {
  app.get('/health', { config: probe, schema: { response: { 200: healthSchema } } }, async () => ({
    status: 'ok' as const,
  }));

  app.get(
    '/ready',
    { config: probe, schema: { response: { 200: readySchema } } },
    async (request) => {
      try {
        await app.db.execute(sql`select 1`);
      } catch (error) {
        request.log.warn({ err: error }, 'readiness check: database unavailable');
        throw new AppError('SERVICE_UNAVAILABLE', 'The database is not reachable.');
      }
      return { status: 'ready' as const };
    },
  );
};

export default healthRoutes;
