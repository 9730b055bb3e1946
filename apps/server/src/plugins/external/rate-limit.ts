import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import { AppError } from '@server/lib/errors';

/**
 * Rate limiting is opt-in per route, for the endpoints worth guessing at (sign-in, account
 * verification):
 *
 *   app.post('/sessions', { config: { rateLimit: { max: 10, timeWindow: '1 minute' } } }, ...)
 *
 * Counters live in process memory, so with several instances each counts on its own.
 */
export default fp(
  async (app) => {
    await app.register(rateLimit, {
      global: false,
      errorResponseBuilder: (_request, context) =>
        context.ban
          ? new AppError('FORBIDDEN')
          : new AppError('RATE_LIMITED', `Too many requests. Try again in ${context.after}.`),
    });
  },
  { name: 'rate-limit' },
);
