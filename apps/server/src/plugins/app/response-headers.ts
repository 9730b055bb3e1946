import fp from 'fastify-plugin';
import { isApiPath, pathOf } from '@server/lib/urls';

/**
 * - X-Request-Id on every response, so a user's report can be matched to the log lines.
 * - API responses are personal and change with every transaction: no cache may keep them unless
 *   a route says otherwise.
 */
export default fp(
  async (app) => {
    app.addHook('onRequest', async (request, reply) => {
      reply.header('x-request-id', request.id);
      if (isApiPath(pathOf(request.url))) {
        reply.header('cache-control', 'no-store');
      }
    });
  },
  { name: 'response-headers' },
);
