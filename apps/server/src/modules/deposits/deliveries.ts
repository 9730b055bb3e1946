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
  const fresh = await recordDeliveries(tx, [{ signature, receivedAt: now }]);
  if (!fresh.has(signature)) throw new AppError('WEBHOOK_REPLAYED');
}

/**
 * Several deliveries at once (a delivery group, delivery-groups.ts), in one statement: answers
 * the signatures taken now. One not among them was taken before, or by another transaction that
 * has since committed (its insert waits for that one); a signature twice in `taken` is taken
 * once. Inserted in signature order, so two groups never wait on each other in a circle.
 */
export async function recordDeliveries(
  tx: Database,
  taken: readonly { signature: string; receivedAt: Date }[],
): Promise<Set<string>> {
  const first = new Map<string, Date>();
  for (const { signature, receivedAt } of taken) {
    if (!first.has(signature)) first.set(signature, receivedAt);
  }
  const rows = [...first]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([signature, receivedAt]) => ({
      signature,
      expiresAt: new Date(receivedAt.getTime() + 2 * TOLERANCE_SECONDS * 1000),
    }));
  const fresh = await tx
    .insert(webhookDeliveries)
    .values(rows)
    .onConflictDoNothing()
    .returning({ signature: webhookDeliveries.signature });
  return new Set(fresh.map((row) => row.signature));
}

/**
 * Forgets deliveries older than the signature window (a replay of one is refused for its stale
 * timestamp anyway). Run by the money workers, not by each delivery: concurrent deliveries would
 * otherwise queue on deleting the same rows.
 */
export async function deleteExpiredDeliveries(db: Database, now = new Date()): Promise<void> {
  await db.delete(webhookDeliveries).where(lt(webhookDeliveries.expiresAt, now));
}
