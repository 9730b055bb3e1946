import { transactionChangeEventSchema } from '@portal/contract/transactions';
import type { RoutePlugin } from '@server/lib/zod-routes';
import { sessionStillOpen } from '@server/modules/auth/sessions';

/** Seconds between keep-alive comments, under the usual 60 s idle timeout of proxies. */
const PING_SECONDS = 25;

/**
 *   GET /events   server-sent events: `transaction` with {transactionId, status} whenever one of
 *                 the user's transactions changes (operators: any transaction); `session-ended`
 *                 just before the stream closes because its session has.
 */
const liveRoutes: RoutePlugin = async (app) => {
  // Open streams end when the server closes, or closing would wait for every page to leave.
  const streams = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of streams) end();
  });

  const lifetime = {
    idleMinutes: app.config.sessionIdleMinutes,
    maxHours: app.config.sessionMaxHours,
  };

  app.get('/events', async (request, reply) => {
    const user = app.signedInUser(request);
    const sessionId = request.session!.id;
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
      'x-content-type-options': 'nosniff',
    });
    raw.write(`retry: 2000\n: connected\n\n`);
    const closed = app.metrics.liveStreamOpened();

    const unsubscribe = app.live.subscribe(user.role === 'operator' ? '*' : user.id, (change) => {
      // Checked against the contract like every response body, and a change that fails is
      // logged and skipped rather than breaking the other listeners.
      const event = transactionChangeEventSchema.safeParse({
        transactionId: change.transactionId,
        status: change.status,
      });
      if (!event.success) {
        request.log.error({ change }, 'live update does not match the contract');
        return;
      }
      raw.write(`event: transaction\ndata: ${JSON.stringify(event.data)}\n\n`);
    });
    const ping = setInterval(() => raw.write(`: ping\n\n`), PING_SECONDS * 1000);
    ping.unref();
    // A stream lives no longer than its session: signed out (on any instance), expired, the user
    // or their agency disabled. The page is told, and its reconnect is then refused.
    const check = setInterval(() => {
      sessionStillOpen(app.db, sessionId, lifetime).then(
        (open) => {
          // The page may have left, or the server closed the stream, while this check ran.
          if (open || raw.writableEnded || raw.destroyed) return;
          raw.write(`event: session-ended\ndata: {}\n\n`);
          end();
        },
        (error: unknown) => request.log.warn({ err: error }, 'live stream session check failed'),
      );
    }, app.config.liveSessionCheckSeconds * 1000);
    check.unref();
    const close = () => {
      clearInterval(ping);
      clearInterval(check);
      unsubscribe();
      streams.delete(end);
      closed();
    };
    const end = () => {
      close();
      raw.end();
    };
    streams.add(end);
    request.raw.on('close', close);
  });
};

export default liveRoutes;
