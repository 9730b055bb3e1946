import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';

/**
 * Security headers for every response. The CSP allows only the portal's own origin; styles may
 * be inline because Mantine injects <style> tags at runtime. HSTS is sent only in production:
 * on a laptop over plain http it would pin localhost to https for a year.
 */
export default fp(
  async (app) => {
    const production = app.config.nodeEnv === 'production';
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'none'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          ...(production ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      // The same as frame-ancestors 'none', for browsers that predate CSP.
      frameguard: { action: 'deny' },
      hsts: production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    });
  },
  { name: 'helmet' },
);
