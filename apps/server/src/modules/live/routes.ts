import { transactionChangeEventSchema } from '@portal/contract/transactions';
import type { RoutePlugin } from '@server/lib/zod-routes';

/** Seconds between keep-alive comments, under the usual 60 s idle timeout of proxies. */
const PING_SECONDS = 25;

/**
 *   GET /events   server-sent events: `transaction` with {transactionId, status} whenever one of
 *                 the user's transactions changes (operators: any transaction).
 */
const liveRoutes: RoutePlugin = async (app) => {
  // Open streams end when the server closes, or closing would wait for every page to leave.
  const streams = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of streams) end();
  });

  app.get('/events', async (request, reply) => {
    const user = app.signedInUser(request);
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
    const close = () => {
      clearInterval(ping);
      unsubscribe();
      streams.delete(end);
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
