import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { deleteExpiredDeliveries } from '@server/modules/deposits/deliveries';
import { deleteOldKeys } from '@server/modules/idempotency/idempotency';
import { deliverDueCredits } from './merchant-credits';
import { applyMove, expiredBuyIds } from './moves';

/** How often each instance looks for credits to deliver and buy requests to expire. */
export const CREDIT_POLL_MS = 2_000;
export const EXPIRY_POLL_MS = 60_000;

/** Expires every open buy request past its time; returns how many. */
export async function expireBuyRequests(app: FastifyInstance, now = new Date()): Promise<number> {
  let expired = 0;
  for (const id of await expiredBuyIds(app.db, now)) {
    try {
      await app.db.transaction((tx) =>
        applyMove(tx, id, { move: 'expire' }, { kind: 'system' }, { now }),
      );
      expired += 1;
    } catch {
      // Moved meanwhile (a deposit, a cancel, another instance's sweep): nothing to expire.
    }
  }
  return expired;
}

/**
 * The money workers of this instance: merchant credit delivery (every CREDIT_POLL_MS), expiry of
 * buy requests and removal of old idempotency keys and webhook deliveries (every EXPIRY_POLL_MS). Every instance runs
 * them; row claims (SKIP LOCKED) and state moves keep several instances from doing a thing twice.
 */
export default fp(
  async (app) => {
    if (!app.config.backgroundJobs) return;
    const loops: NodeJS.Timeout[] = [];
    const running = new Set<Promise<unknown>>();
    const every = (ms: number, name: string, job: () => Promise<unknown>) => {
      let busy = false;
      const timer = setInterval(() => {
        if (busy) return;
        busy = true;
        const run = job()
          .catch((error: unknown) => app.log.warn({ err: error, job: name }, 'money worker failed'))
          .finally(() => {
            busy = false;
            running.delete(run);
          });
        running.add(run);
      }, ms);
      timer.unref();
      loops.push(timer);
    };
    app.addHook('onReady', async () => {
      every(CREDIT_POLL_MS, 'merchant credits', () => deliverDueCredits(app));
      every(EXPIRY_POLL_MS, 'buy request expiry', async () => {
        await expireBuyRequests(app);
        await deleteOldKeys(app.db);
        await deleteExpiredDeliveries(app.db);
      });
    });
    app.addHook('preClose', async () => {
      for (const timer of loops) clearInterval(timer);
      await Promise.allSettled([...running]);
    });
  },
  { name: 'money-workers', dependencies: ['database', 'merchant-adapters', 'secret-box'] },
);
