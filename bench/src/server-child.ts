import { buildApp } from '@server/app';
import { loadConfig } from '@server/config';

/**
 * The real server app, as server.ts builds it, plus one route the benchmark needs as its floor:
 * `GET /api/bench/empty` goes through every hook a signed-in request goes through (role header,
 * session lookup, CSRF binding) and then does nothing. Run as a child process so the server has
 * its own event loop and its own resident memory, which the bench reads from /proc.
 */
const config = loadConfig(process.env);
const app = buildApp(config);
app.register(
  async (bench) => {
    bench.get('/bench/empty', async () => ({ ok: true }));
  },
  { prefix: '/api' },
);
await app.listen({ port: config.port, host: config.host });
const address = app.server.address();
process.send?.({ port: typeof address === 'object' && address ? address.port : config.port });

const stop = () => {
  app.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
