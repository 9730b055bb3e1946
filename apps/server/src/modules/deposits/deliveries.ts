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
  const [taken] = await recordDeliveries(tx, [{ signature, receivedAt: now }]);
  if (!taken) throw new AppError('WEBHOOK_REPLAYED');
}

/**
 * Several deliveries at once (a delivery group, delivery-groups.ts), in one statement: answers,
 * for each, whether it is taken now. One that is not was taken before, by another transaction
 * that has since committed (its insert waits for that one), or earlier in `deliveries`: of a
 * signature twice, only the first is taken. Inserted in signature order, so two groups never
 * wait on each other in a circle.
 */
export async function recordDeliveries(
  tx: Database,
  deliveries: readonly { signature: string; receivedAt: Date }[],
): Promise<boolean[]> {
  const first = new Map<string, number>();
  deliveries.forEach(({ signature }, index) => {
    if (!first.has(signature)) first.set(signature, index);
  });
  const rows = [...first]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([signature, index]) => ({
      signature,
      expiresAt: new Date(deliveries[index]!.receivedAt.getTime() + 2 * TOLERANCE_SECONDS * 1000),
    }));
  const fresh = await tx
    .insert(webhookDeliveries)
    .values(rows)
    .onConflictDoNothing()
    .returning({ signature: webhookDeliveries.signature });
  const takenNow = new Set(fresh.map((row) => row.signature));
  return deliveries.map(
    ({ signature }, index) => takenNow.has(signature) && first.get(signature) === index,
  );
}

/**
 * Forgets deliveries older than the signature window (a replay of one is refused for its stale
 * timestamp anyway). Run by the money workers, not by each delivery: concurrent deliveries would
 * otherwise queue on deleting the same rows.
 */
export async function deleteExpiredDeliveries(db: Database, now = new Date()): Promise<void> {
  await db.delete(webhookDeliveries).where(lt(webhookDeliveries.expiresAt, now));
}
