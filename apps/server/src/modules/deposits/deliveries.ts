import { lt } from 'drizzle-orm';
import type { Database } from '@server/db/client';
import { webhookDeliveries } from '@server/db/schema';
import { AppError } from '@server/lib/errors';
import { TOLERANCE_SECONDS } from './webhook-signature';

/**
 * Each signed delivery of the bank's webhook is taken once. Recorded in the same database
 * transaction as its deposits: a delivery that fails leaves no trace and may come again, and a
 * replay sent while the first is still being recorded waits for it, then is refused.
 */
export async function recordDelivery(tx: Database, signature: string, now: Date): Promise<void> {
  const fresh = await tx
    .insert(webhookDeliveries)
    .values({ signature, expiresAt: new Date(now.getTime() + 2 * TOLERANCE_SECONDS * 1000) })
    .onConflictDoNothing()
    .returning({ signature: webhookDeliveries.signature });
  if (fresh.length === 0) throw new AppError('WEBHOOK_REPLAYED');
}

/**
 * Forgets deliveries older than the signature window (a replay of one is refused for its stale
 * timestamp anyway). Run by the money workers, not by each delivery: concurrent deliveries would
 * otherwise queue on deleting the same rows.
 */
export async function deleteExpiredDeliveries(db: Database, now = new Date()): Promise<void> {
  await db.delete(webhookDeliveries).where(lt(webhookDeliveries.expiresAt, now));
}
