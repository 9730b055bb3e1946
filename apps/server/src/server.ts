import { buildApp } from '@server/app';
import { ConfigError, loadConfig, type Config } from '@server/config';
import type { App } from '@server/lib/zod-routes';

/** How long in-flight requests get to finish on shutdown before the process gives up. */
const SHUTDOWN_TIMEOUT_MS = 10_000;

/**
 * The process entry point: read the configuration, build the app, listen, and stop cleanly on
 * SIGINT/SIGTERM. Everything else lives in app.ts so that tests build the same app.
 */
async function main(): Promise<void> {
  const config = readConfig();
  const app = buildApp(config);
  stopOnSignals(app);
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    app.log.fatal({ err: error }, 'server failed to start');
    await app.close().catch(() => undefined);
    process.exit(1);
  }
}

function readConfig(): Config {
  try {
    return loadConfig(process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`Refusing to start. ${error.message}`);
    process.exit(1);
  }
}

/**
 * `app.close()` stops accepting connections, lets in-flight requests finish, then runs the
 * onClose hooks, which close the database. A second signal, or a shutdown that hangs, exits
 * at once with a failure code.
 */
function stopOnSignals(app: App): void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      app.log.warn({ signal }, 'second signal: exiting without waiting');
      process.exit(1);
    }
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    setTimeout(() => {
      app.log.error('shutdown timed out');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS).unref();
    app.close().then(
      () => {
        app.log.info('stopped');
        process.exit(0);
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

await main();
