import { HOST_COOKIE_PREFIX } from '@portal/contract/http';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '@server/db/client';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * Where this request's lists, searches, exports and dashboards read: the replica, unless
     * this browser changed something in the last READ_YOUR_WRITES_SECONDS, the replica is behind
     * or down, or there is none (docs/decisions/031-read-replica.md). Reads only: never inside a
     * transaction, never for a money move or a check before one (those use `app.db`).
     */
    readonly readDb: Database;
  }
}

/** Present (for READ_YOUR_WRITES_SECONDS) after this browser's last successful change. */
export const RECENT_CHANGE_COOKIE = 'portal_changed';

const CHANGING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The one place that decides between the primary and the replica for a read. Read-your-writes:
 * every successful change (POST, PUT, PATCH, DELETE below 400) sets a cookie that expires after
 * READ_YOUR_WRITES_SECONDS; while the browser sends it, its reads go to the primary. A cookie
 * works across instances and costs no query. It is not signed: forging it only sends one's own
 * reads to the primary, dropping it only shows one's own changes a moment late.
 */
export default fp(
  async (app) => {
    const replica = app.readReplica;
    if (!replica) {
      app.decorateRequest('readDb', { getter: () => app.db });
      return;
    }
    const secure = app.config.cookieSecure;
    const name = secure ? `${HOST_COOKIE_PREFIX}${RECENT_CHANGE_COOKIE}` : RECENT_CHANGE_COOKIE;
    app.decorateRequest('readDb', {
      getter(this: FastifyRequest) {
        return this.cookies[name] === undefined && replica.usable ? replica.db : app.db;
      },
    });
    app.addHook('onSend', async (request, reply, payload) => {
      if (CHANGING_METHODS.has(request.method) && reply.statusCode < 400) {
        reply.setCookie(name, '1', {
          path: '/',
          sameSite: 'lax',
          secure,
          httpOnly: true,
          maxAge: app.config.readYourWritesSeconds,
        });
      }
      return payload;
    });
  },
  { name: 'read-routing', dependencies: ['database', 'cookie'] },
);
