import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { deleteExpiredDeliveries } from '@server/modules/deposits/deliveries';
import { deleteOldKeys } from '@server/modules/idempotency/idempotency';
import { AppError } from '@server/lib/errors';
import { deliverDueCredits } from './merchant-credits';
import { applyMove, expiredBuyIds } from './moves';

/** How often each instance looks for credits to deliver and buy requests to expire. */
export const CREDIT_POLL_MS = 2_000;
export const EXPIRY_POLL_MS = 60_000;

/** What expiring a buy that has moved on since it was listed answers. */
const MOVED_MEANWHILE = new Set(['TRANSITION_NOT_ALLOWED', 'NOT_FOUND']);

/** Expires every open buy request past its time; returns how many. */
export async function expireBuyRequests(app: FastifyInstance, now = new Date()): Promise<number> {
  let expired = 0;
  for (const id of await expiredBuyIds(app.db, now)) {
    try {
      await app.db.transaction((tx) =>
        applyMove(tx, id, { move: 'expire' }, { kind: 'system' }, { now }),
      );
      expired += 1;
    } catch (error) {
      // Moved meanwhile (a deposit, a cancel, another instance's sweep): nothing to expire.
      // Anything else (the database gone, say) stops this run and is logged by the scheduler.
      if (!(error instanceof AppError && MOVED_MEANWHILE.has(error.code))) throw error;
    }
  }
  return expired;
}

/**
 * The money workers, as background jobs (plugins/app/jobs.ts): merchant credit delivery (every
 * CREDIT_POLL_MS), expiry of buy requests and removal of old idempotency keys and webhook
 * deliveries (every EXPIRY_POLL_MS). Row claims (SKIP LOCKED) and state moves keep several
 * instances from doing a thing twice.
 */
export default fp(
  async (app) => {
    app.jobs.every('merchant credits', CREDIT_POLL_MS, () => deliverDueCredits(app));
    app.jobs.every('buy request expiry', EXPIRY_POLL_MS, async () => {
      await expireBuyRequests(app);
      await deleteOldKeys(app.db);
      await deleteExpiredDeliveries(app.db);
    });
  },
  { name: 'money-workers', dependencies: ['database', 'jobs', 'merchant-adapters', 'secret-box'] },
);
