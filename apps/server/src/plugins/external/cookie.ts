import cookie from '@fastify/cookie';
import fp from 'fastify-plugin';

/** Parses request cookies into `request.cookies` and adds `reply.setCookie`. */
export default fp(
  async (app) => {
    await app.register(cookie);
  },
  { name: 'cookie' },
);
