import multipart from '@fastify/multipart';
import fp from 'fastify-plugin';

/**
 * Parses multipart/form-data (file uploads) with tight limits: one file of at most 1 MiB and no
 * other fields unless a route asks for more per request (`request.parts({ limits })`).
 *
 * Register it only inside the route plugin that accepts uploads, not on the whole app: every
 * other route then keeps refusing multipart bodies with 415. Multipart bodies are not bounded by
 * Fastify's bodyLimit, so these limits (and the server's request timeout) are what bound them.
 */
export default fp(
  async (app) => {
    await app.register(multipart, {
      limits: {
        fieldNameSize: 100,
        fieldSize: 1024,
        fields: 0,
        files: 1,
        parts: 1,
        headerPairs: 20,
        fileSize: 1024 * 1024,
      },
    });
  },
  { name: 'multipart' },
);
