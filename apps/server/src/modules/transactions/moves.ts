import { eq, sql } from 'drizzle-orm';
import type { Database } from '@server/db/client';
import { merchantCredits, transactionEvents, transactions } from '@server/db/schema';
import { AppError } from '@server/lib/errors';
import { ledgerFor, postEntry, negate } from '@server/modules/ledger/ledger';
import { notifyTransactionChange } from '@server/modules/live/notify';
import { planMove, type Actor, type MoveRequest } from './state-moves';
import type { TransactionRow } from './repository';

export interface MoveOptions {
  /** Sell completion: the merchant has acknowledged the debit (completion on acknowledgement). */
  merchantDebited?: boolean;
  now?: Date;
}

/**
 * Carries out one state move inside the caller's database transaction: locks the transaction
 * row, asks state-moves.ts whether the move is allowed, writes the status and the event, and
 * does the move's effects (ledger entries, the merchant credit outbox) and the live notification,
 * all or nothing. A refused move throws its AppError and changes nothing.
 */
export async function applyMove(
  tx: Database,
  transactionId: string,
  request: MoveRequest,
  actor: Actor,
  options: MoveOptions = {},
): Promise<TransactionRow> {
  const now = options.now ?? new Date();
  const [row] = await tx
    .select()
    .from(transactions)
    .where(eq(transactions.id, transactionId))
    .for('update');
  if (!row) throw new AppError('NOT_FOUND', 'This transaction does not exist.');

  const planned = planMove(
    { type: row.type, status: row.status, ownerUserId: row.userId, expiresAt: row.expiresAt },
    request,
    actor,
    now,
  );
  if (!planned.ok) throw new AppError(planned.code, planned.message);

  if (request.move === 'operator_cancel_sell' && row.debitSentAt) {
    throw new AppError(
      'TRANSITION_NOT_ALLOWED',
      'The debit of this sale was already sent to the merchant, so it can only be completed. Completing again is safe: the merchant applies the debit once.',
    );
  }

  const { event, effects, to } = planned;
  const credits = effects.includes('credit_merchant_account');
  const [updated] = await tx
    .update(transactions)
    .set({
      status: to,
      updatedAt: now,
      completedAt: to === 'Completed' ? now : row.completedAt,
      delayReason:
        request.move === 'deposit_needs_review'
          ? request.reason
          : to === 'Completed'
            ? null
            : row.delayReason,
      payoutReference: event.payoutReference ?? row.payoutReference,
      creditStatus: credits ? 'pending' : row.creditStatus,
    })
    .where(eq(transactions.id, row.id))
    .returning();

  await tx.insert(transactionEvents).values({
    transactionId: row.id,
    move: event.move,
    fromStatus: planned.from,
    toStatus: to,
    actorKind: actor.kind,
    actorUserId: actor.kind === 'system' ? null : actor.userId,
    reason:
      event.reason ??
      (request.move === 'deposit_needs_review' ? request.reason : null) ??
      (event.payoutReference ? `payout ${event.payoutReference}` : null),
    note: event.note ?? null,
    at: now,
  });

  for (const effect of effects) {
    switch (effect) {
      case 'credit_merchant_account':
        // Delivered after commit by the credit outbox (merchant-credits.ts), retried until the
        // merchant acknowledges; the ledger entry is written then.
        await tx.insert(merchantCredits).values({ transactionId: row.id, status: 'pending' });
        break;
      case 'debit_merchant_account':
        if (!options.merchantDebited) {
          throw new Error('a sell completes only after the merchant acknowledged the debit');
        }
        break;
      case 'settle_reservation':
      case 'release_reservation': {
        if (!row.accountId) throw new Error(`sell ${row.id} has lost its account`);
        const ledger = await ledgerFor(tx, { id: row.accountId, merchantId: row.merchantId });
        await postEntry(
          tx,
          effect === 'settle_reservation' ? 'sell_settle' : 'sell_release',
          row.id,
          [
            { ledgerAccountId: ledger.reservedId, amount: negate(row.amount) },
            {
              ledgerAccountId:
                effect === 'settle_reservation' ? ledger.merchantId : ledger.holdingId,
              amount: row.amount,
            },
          ],
        );
        break;
      }
    }
  }

  await notifyTransactionChange(tx, { userId: row.userId, transactionId: row.id, status: to });
  return updated!;
}

/** Open buy requests past their expiry, oldest first (the expiry sweep). */
export async function expiredBuyIds(db: Database, now: Date, limit = 500): Promise<string[]> {
  const result = await db.execute<{ id: string }>(sql`
    select id from transactions
     where type = 'buy' and status = 'Requested' and expires_at <= ${now.toISOString()}
     order by expires_at limit ${limit}`);
  return result.rows.map((row) => row.id);
}
