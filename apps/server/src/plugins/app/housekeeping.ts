import fp from 'fastify-plugin';
import type { Database } from '@server/db/client';
import { deleteExpiredSessions, type SessionLifetime } from '@server/modules/auth/sessions';
import { deleteStaleCounters } from '@server/modules/throttle/throttle';

/** How often each instance sweeps; several instances sweeping the same rows is harmless. */
export const SWEEP_INTERVAL_MS = 15 * 60 * 1000;

/** Deletes expired sessions and forgotten throttle counters; returns how many of each went. */
export async function sweep(db: Database, lifetime: SessionLifetime) {
  return {
    sessions: await deleteExpiredSessions(db, lifetime),
    throttleCounters: await deleteStaleCounters(db),
  };
}

/**
 * Keeps the tables that only grow by themselves small: once at start, then every
 * SWEEP_INTERVAL_MS. A failed sweep is logged and tried again next time; it never stops a start.
 */
export default fp(
  async (app) => {
    const lifetime = {
      idleMinutes: app.config.sessionIdleMinutes,
      maxHours: app.config.sessionMaxHours,
    };
    let running: Promise<void> | undefined;
    const run = () => {
      running ??= sweep(app.db, lifetime)
        .then((swept) => app.log.debug({ swept }, 'expired rows swept'))
        .catch((error: unknown) => app.log.warn({ err: error }, 'sweep failed'))
        .finally(() => {
          running = undefined;
        });
    };
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      run();
      timer = setInterval(run, SWEEP_INTERVAL_MS);
      timer.unref();
    });
    app.addHook('preClose', async () => {
      clearInterval(timer);
      await running;
    });
  },
  { name: 'housekeeping', dependencies: ['database'] },
);
