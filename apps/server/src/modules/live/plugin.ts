import fp from 'fastify-plugin';
import pg from 'pg';
import { z } from 'zod';
import type { DatabaseConnection } from '@server/db/client';
import { TRANSACTION_CHANNEL, type TransactionChange } from './notify';

const changeSchema = z.object({
  userId: z.string(),
  transactionId: z.string(),
  status: z.enum(['Requested', 'Pending', 'Completed', 'Cancelled']),
});

type Listener = (change: TransactionChange) => void;

export interface LiveHub {
  /** Calls `listener` for changes of `userId`'s transactions, or of all with '*'. */
  subscribe(userId: string | '*', listener: Listener): () => void;
  /** Whether the database subscription is up (for the readiness of live updates in tests). */
  readonly listening: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    live: LiveHub;
  }
}

/**
 * Live updates (docs/PRODUCT.md "Live data"). Each server instance LISTENs on one PostgreSQL channel and
 * fans the notifications out to the pages connected to it, so a change made through any instance
 * reaches every page. On the embedded database PGlite's own listen does the same in process.
 */
export default fp(
  async (app) => {
    const listeners = new Map<string, Set<Listener>>();
    let listening = false;
    let closed = false;

    const deliver = (payload: string) => {
      let change: TransactionChange;
      try {
        change = changeSchema.parse(JSON.parse(payload));
      } catch {
        app.log.warn('ignored a malformed live update');
        return;
      }
      for (const key of [change.userId, '*']) {
        for (const listener of listeners.get(key) ?? []) {
          try {
            listener(change);
          } catch (error) {
            app.log.warn({ err: error }, 'live update listener failed');
          }
        }
      }
    };

    const stop = await listen(app.dbConnection, deliver, {
      onUp: () => {
        listening = true;
      },
      onDown: (error) => {
        listening = false;
        if (!closed) app.log.warn({ err: error }, 'live updates lost their database connection');
      },
      isClosed: () => closed,
    });

    app.decorate('live', {
      subscribe(userId, listener) {
        const set = listeners.get(userId) ?? new Set();
        set.add(listener);
        listeners.set(userId, set);
        return () => {
          set.delete(listener);
          if (set.size === 0) listeners.delete(userId);
        };
      },
      get listening() {
        return listening;
      },
    } satisfies LiveHub);

    app.addHook('preClose', async () => {
      closed = true;
      // The database may already be gone (a failed start, a test that closed it): nothing to undo.
      await stop().catch((error: unknown) => app.log.debug({ err: error }, 'unlisten failed'));
    });
  },
  { name: 'live', dependencies: ['database'] },
);

interface ListenHooks {
  onUp(): void;
  onDown(error: unknown): void;
  isClosed(): boolean;
}

async function listen(
  connection: DatabaseConnection,
  deliver: (payload: string) => void,
  hooks: ListenHooks,
): Promise<() => Promise<void>> {
  if (connection.driver === 'pglite') {
    const unlisten = await connection.client.listen(TRANSACTION_CHANNEL, deliver);
    hooks.onUp();
    return unlisten;
  }

  // One connection per instance stays LISTENing, outside the pool (so closing the pool never waits
  // for it); if it breaks, reconnect with backoff.
  let client: pg.Client | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  let delay = 500;
  const connect = async (): Promise<void> => {
    if (hooks.isClosed()) return;
    const next = new pg.Client(connection.pool.options);
    try {
      await next.connect();
      next.on('notification', (message) => {
        if (message.channel === TRANSACTION_CHANNEL && message.payload) deliver(message.payload);
      });
      next.on('error', (error) => {
        hooks.onDown(error);
        void next.end().catch(() => undefined);
        if (client === next) client = undefined;
        schedule();
      });
      await next.query(`LISTEN ${TRANSACTION_CHANNEL}`);
      client = next;
      delay = 500;
      hooks.onUp();
    } catch (error) {
      hooks.onDown(error);
      void next.end().catch(() => undefined);
      schedule();
    }
  };
  const schedule = () => {
    if (hooks.isClosed()) return;
    clearTimeout(retryTimer);
    retryTimer = setTimeout(() => void connect(), delay);
    retryTimer.unref();
    delay = Math.min(delay * 2, 30_000);
  };
  await connect();
  return async () => {
    clearTimeout(retryTimer);
    const current = client;
    client = undefined;
    if (current) {
      await current.end().catch(() => undefined);
    }
  };
}
