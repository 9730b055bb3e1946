import helmet from '@fastify/helmet';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Security headers for every response. The CSP allows only the portal's own origin; styles may
 * be inline because Mantine injects <style> tags at runtime. HSTS is sent only in production:
 * on a laptop over plain http it would pin localhost to https for a year.
 */
function cspDirectives(production: boolean): Record<string, string[]> {
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    // Inline event handlers (onerror=, onload=) never run, even if script-src is relaxed.
    scriptSrcAttr: ["'none'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'none'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    ...(production ? { upgradeInsecureRequests: [] } : {}),
  };
}

const HSTS = { maxAge: 31_536_000, includeSubDomains: true };

export default fp(
  async (app) => {
    const production = app.config.nodeEnv === 'production';
    await app.register(helmet, {
      contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(production) },
      // The same as frame-ancestors 'none', for browsers that predate CSP.
      frameguard: { action: 'deny' },
      hsts: production ? HSTS : false,
      // No URL (with its ids and search terms) leaves the portal in a Referer header.
      referrerPolicy: { policy: 'no-referrer' },
    });
  },
  { name: 'helmet' },
);

/**
 * The same headers for the few answers Fastify sends before any hook runs (a URL the router
 * refuses, see error-handler.ts), which helmet never sees.
 */
export function setSecurityHeadersWithoutHooks(reply: FastifyReply, production: boolean): void {
  const csp = Object.entries(cspDirectives(production))
    .map(([name, values]) =>
      [name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`), ...values].join(' '),
    )
    .join(';');
  reply.headers({
    'content-security-policy': csp,
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    ...(production
      ? { 'strict-transport-security': `max-age=${HSTS.maxAge}; includeSubDomains` }
      : {}),
  });
}
