import { and, eq } from 'drizzle-orm';
import type { Database } from '@server/db/client';
import { deposits } from '@server/db/schema';
import { AppError } from '@server/lib/errors';
import { applyMove } from '@server/modules/transactions/moves';
import type { Actor } from '@server/modules/transactions/state-moves';

/**
 * The operator completes a Pending buy, optionally naming the queued deposit that pays it: the
 * deposit is then resolved and linked to the buy in the same database transaction.
 */
export async function completeBuy(
  db: Database,
  transactionId: string,
  actor: Extract<Actor, { kind: 'operator' }>,
  input: { note?: string; depositId?: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    const moved = await applyMove(
      tx,
      transactionId,
      { move: 'operator_complete_buy', note: input.note },
      actor,
    );
    if (!input.depositId) return;
    const [deposit] = await tx
      .select()
      .from(deposits)
      .where(eq(deposits.id, input.depositId))
      .for('update');
    if (!deposit) throw new AppError('NOT_FOUND', 'This deposit does not exist.');
    if (deposit.status !== 'review') throw new AppError('DEPOSIT_ALREADY_RESOLVED');
    await tx
      .update(deposits)
      .set({
        status: 'resolved',
        matchedTransactionId: moved.id,
        resolution: `Completed buy ${moved.number}${input.note ? `: ${input.note}` : ''}`,
        updatedAt: new Date(),
      })
      .where(and(eq(deposits.id, deposit.id), eq(deposits.status, 'review')));
  });
}

/** The operator closes a queued deposit without a buy (returned to sender, duplicate payment). */
export async function resolveDeposit(
  db: Database,
  depositId: string,
  resolution: string,
): Promise<void> {
  const resolved = await db
    .update(deposits)
    .set({ status: 'resolved', resolution, updatedAt: new Date() })
    .where(and(eq(deposits.id, depositId), eq(deposits.status, 'review')))
    .returning({ id: deposits.id });
  if (resolved.length > 0) return;
  const [exists] = await db
    .select({ id: deposits.id })
    .from(deposits)
    .where(eq(deposits.id, depositId));
  if (!exists) throw new AppError('NOT_FOUND', 'This deposit does not exist.');
  throw new AppError('DEPOSIT_ALREADY_RESOLVED');
}
