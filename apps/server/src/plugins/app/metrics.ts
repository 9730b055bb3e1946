import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import fp from 'fastify-plugin';
import type { FastifyBaseLogger } from 'fastify';
import { PortalMetrics, type Backlog } from '@server/lib/metrics';
import type { Database } from '@server/db/client';
import { unsentMails } from '@server/modules/transaction-mails/outbox';
import { creditBacklog } from '@server/modules/transactions/merchant-credits';
import { overdueExpiries } from '@server/modules/transactions/moves';

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's metrics: features call its small functions (lib/metrics.ts). */
    metrics: PortalMetrics;
    /** Where the metrics listener answers (`http://host:port/metrics`); undefined without one. */
    readonly metricsUrl: string | undefined;
  }
}

/**
 * The portal's metrics (docs/OPERATIONS.md, docs/decisions/032): one registry per app, every
 * answered request counted by its route pattern, and, with METRICS_PORT, a listener of its own
 * that serves `GET /metrics` to Prometheus. It is not the API's port: a scrape never passes the
 * API's hooks, limits or logs, and the API never answers /metrics. Started when the app is
 * ready, closed with it.
 */
export default fp(
  async (app) => {
    const metrics = new PortalMetrics();
    app.decorate('metrics', metrics);

    const connection = app.dbConnection;
    metrics.watch({
      // The embedded database is one connection in this process, with no pool to saturate.
      pool:
        connection.driver === 'postgres'
          ? () => ({
              total: connection.pool.totalCount,
              idle: connection.pool.idleCount,
              waiting: connection.pool.waitingCount,
              max: connection.pool.options.max ?? 10,
            })
          : undefined,
      backlog: () => readBacklog(app.db),
      onBacklogError: (error) =>
        app.log.warn({ err: error }, 'metrics: the backlog could not be read'),
    });

    app.addHook('onResponse', async (request, reply) => {
      metrics.httpAnswered(
        request.routeOptions.url,
        request.method,
        reply.statusCode,
        reply.elapsedTime / 1000,
      );
    });

    const { metricsPort: port, metricsHost: host, metricsToken: token } = app.config;
    let url: string | undefined;
    app.decorate('metricsUrl', { getter: () => url });
    if (port === undefined) return;

    // Their event-loop monitor and GC observer are process-wide and cannot be stopped, so only
    // an app that serves them starts them (tests build many apps in one process).
    metrics.collectProcessMetrics();
    const server = createServer((request, response) => {
      answerScrape(metrics, token, app.log, request, response);
    });
    // A scraper that opens a connection and sends nothing is dropped, as on the API.
    server.requestTimeout = 10_000;
    server.headersTimeout = 10_000;

    app.addHook('onReady', async () => {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen({ port, host }, () => {
          server.off('error', reject);
          resolve();
        });
      });
      url = `http://${urlHost(server)}/metrics`;
      app.log.info({ url, tokenRequired: token !== undefined }, 'metrics listening');
    });
    app.addHook('onClose', async () => {
      if (!server.listening) return;
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    });
  },
  { name: 'metrics', dependencies: ['database'] },
);

async function readBacklog(db: Database): Promise<Backlog> {
  const [mails, credits, expiries] = await Promise.all([
    unsentMails(db),
    creditBacklog(db),
    overdueExpiries(db),
  ]);
  return {
    mailsUnsent: mails.count,
    mailsOldestUnsentSeconds: mails.oldestSeconds,
    creditsDue: credits.due,
    creditsOldestDueSeconds: credits.oldestDueSeconds,
    creditsFailed: credits.failed,
    buysOverdueExpiry: expiries.count,
    buysOldestOverdueExpirySeconds: expiries.oldestSeconds,
  };
}

function answerScrape(
  metrics: PortalMetrics,
  token: string | undefined,
  log: FastifyBaseLogger,
  request: IncomingMessage,
  response: ServerResponse,
): void {
  const plain = (status: number, text: string, headers: Record<string, string> = {}) => {
    response.writeHead(status, {
      'content-type': 'text/plain; charset=utf-8',
      'cache-control': 'no-store',
      ...headers,
    });
    response.end(request.method === 'HEAD' ? undefined : `${text}\n`);
  };
  const path = (request.url ?? '').split('?')[0];
  if (path !== '/metrics') return plain(404, 'Not found');
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return plain(405, 'Method not allowed', { allow: 'GET, HEAD' });
  }
  if (token !== undefined && !bearerMatches(request.headers.authorization, token)) {
    return plain(401, 'Unauthorized', { 'www-authenticate': 'Bearer realm="metrics"' });
  }
  metrics.scrape().then(
    (body) => {
      response.writeHead(200, { 'content-type': metrics.contentType, 'cache-control': 'no-store' });
      response.end(request.method === 'HEAD' ? undefined : body);
    },
    (error: unknown) => {
      log.error({ err: error }, 'metrics scrape failed');
      plain(500, 'Scrape failed');
    },
  );
}

/**
 * `Authorization: Bearer <token>`, compared in constant time: both sides are hashed first, so
 * neither the token's characters nor its length show in how long a wrong guess takes.
 */
function bearerMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer +(\S+) *$/i.exec(header ?? '')?.[1] ?? '';
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(token)) && given !== '';
}

function urlHost(server: Server): string {
  const { address, port } = server.address() as AddressInfo;
  return `${address.includes(':') ? `[${address}]` : address}:${port}`;
}
