import { asc, inArray, sql } from 'drizzle-orm';
import type { Database } from '@server/db/client';
import { jsonRecordset } from '@server/db/recordset';
import { merchantCredits, transactionEvents, transactions } from '@server/db/schema';
import { AppError } from '@server/lib/errors';
import { ledgerFor, postEntry, negate } from '@server/modules/ledger/ledger';
import { notifyTransactionChanges } from '@server/modules/live/notify';
import { queueTransactionMails } from '@server/modules/transaction-mails/outbox';
import { isFinal, planMove, type Actor, type MoveRequest } from './state-moves';
import type { TransactionRow } from './transaction-payloads';

export interface MoveOptions {
  /** Take of a sell: the merchant has acknowledged the debit (payouts.ts, docs/decisions/010). */
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
  const [row] = await applyMoves(tx, [{ transactionId, request }], actor, options);
  return row!;
}

/**
 * Several moves by one actor, exactly as `applyMove` one after another in the order given, in a
 * few statements instead of a few per move (a batch of deposits settles hundreds of requests).
 * The rows are locked in id order; a refused move throws and the caller's transaction undoes
 * the others. Returns each move's row as it left it.
 */
export async function applyMoves(
  tx: Database,
  moves: readonly { transactionId: string; request: MoveRequest }[],
  actor: Actor,
  options: MoveOptions = {},
): Promise<TransactionRow[]> {
  if (moves.length === 0) return [];
  const now = options.now ?? new Date();
  const ids = [...new Set(moves.map((move) => move.transactionId))];
  const current = new Map(
    (
      await tx
        .select()
        .from(transactions)
        .where(inArray(transactions.id, ids))
        .orderBy(asc(transactions.id))
        .for('update')
    ).map((row) => [row.id, row]),
  );

  const events: (typeof transactionEvents.$inferInsert)[] = [];
  const credits: string[] = [];
  const ledgerWork: {
    row: TransactionRow;
    effect: 'settle_reservation' | 'release_reservation';
  }[] = [];
  const moved: TransactionRow[] = [];
  for (const { transactionId, request } of moves) {
    const row = current.get(transactionId);
    if (!row) throw new AppError('NOT_FOUND', 'This transaction does not exist.');

    const planned = planMove(
      { type: row.type, status: row.status, ownerUserId: row.userId, expiresAt: row.expiresAt },
      request,
      actor,
      now,
    );
    if (!planned.ok) throw new AppError(planned.code, planned.message);

    // Nobody may cancel a sell whose debit is in flight: the merchant may be taking the asset
    // right now. Take again (same idempotency key, so never twice) settles it either way.
    if (row.type === 'sell' && planned.to === 'Cancelled' && row.debitSentAt) {
      throw new AppError(
        'TRANSITION_NOT_ALLOWED',
        'The debit of this sale was sent to the merchant and has not been answered yet, so it cannot be cancelled now. Take it again: the merchant applies the debit once.',
      );
    }

    // The database refuses it too (migration 0010); this says why in words.
    if (row.type === 'sell' && planned.to === 'Completed' && !row.debitConfirmedAt) {
      throw new AppError('DEBIT_NOT_CONFIRMED');
    }

    const { event, to } = planned;
    // A Pending sell from before debits came first was never debited: nothing to give back,
    // only the reservation to release.
    const effects = planned.effects.map((effect) =>
      effect === 'return_to_merchant_account' && !row.debitConfirmedAt
        ? ('release_reservation' as const)
        : effect,
    );
    const credit =
      effects.includes('credit_merchant_account') || effects.includes('return_to_merchant_account');
    const updated: TransactionRow = {
      ...row,
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
      settledByDepositId: event.depositId ?? row.settledByDepositId,
      creditStatus: credit ? 'pending' : row.creditStatus,
    };
    current.set(row.id, updated);
    moved.push(updated);

    events.push({
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
        case 'return_to_merchant_account':
          // Delivered after commit by the credit outbox (merchant-credits.ts), retried until the
          // merchant acknowledges; the ledger entry is written then.
          credits.push(row.id);
          break;
        case 'debit_merchant_account':
          if (!options.merchantDebited) {
            throw new Error('a sell is taken only after the merchant acknowledged the debit');
          }
          break;
        case 'settle_reservation':
        case 'release_reservation':
          ledgerWork.push({ row, effect });
          break;
      }
    }
  }

  // Each row once, as the last of its moves left it (the count triggers see old and new status).
  const finals = ids.map((id) => current.get(id)!);
  await tx
    .update(transactions)
    .set({
      status: sql`v.status`,
      updatedAt: sql`v.updated_at`,
      completedAt: sql`v.completed_at`,
      delayReason: sql`v.delay_reason`,
      payoutReference: sql`v.payout_reference`,
      settledByDepositId: sql`v.settled_by_deposit_id`,
      creditStatus: sql`v.credit_status`,
    })
    .from(
      jsonRecordset(
        finals.map((row) => ({
          id: row.id,
          status: row.status,
          updated_at: row.updatedAt.toISOString(),
          completed_at: row.completedAt?.toISOString() ?? null,
          delay_reason: row.delayReason,
          payout_reference: row.payoutReference,
          settled_by_deposit_id: row.settledByDepositId,
          credit_status: row.creditStatus,
        })),
        'v',
        `id uuid, status text, updated_at timestamptz, completed_at timestamptz,
         delay_reason text, payout_reference text, settled_by_deposit_id uuid, credit_status text`,
      ),
    )
    .where(sql`${transactions.id} = v.id`);
  await tx.insert(transactionEvents).values(events);
  if (credits.length > 0) {
    await tx
      .insert(merchantCredits)
      .values(credits.map((transactionId) => ({ transactionId, status: 'pending' as const })));
  }
  for (const { row, effect } of ledgerWork) {
    if (!row.accountId) throw new Error(`sell ${row.id} has lost its account`);
    const ledger = await ledgerFor(tx, { id: row.accountId, merchantId: row.merchantId });
    await postEntry(tx, effect === 'settle_reservation' ? 'sell_settle' : 'sell_release', row.id, [
      { ledgerAccountId: ledger.reservedId, amount: negate(row.amount) },
      {
        ledgerAccountId: effect === 'settle_reservation' ? ledger.merchantId : ledger.holdingId,
        amount: row.amount,
      },
    ]);
  }
  // The owner's mail about a completed or cancelled transaction, in this same database
  // transaction: it exists exactly when the move does (docs/decisions/027).
  await queueTransactionMails(
    tx,
    finals.filter((row) => isFinal(row.status)).map((row) => row.id),
  );
  await notifyTransactionChanges(
    tx,
    moved.map((row) => ({ userId: row.userId, transactionId: row.id, status: row.status })),
  );
  return moved;
}

/** Open buy requests past their expiry, oldest first (the expiry sweep). */
export async function expiredBuyIds(db: Database, now: Date, limit = 500): Promise<string[]> {
  const result = await db.execute<{ id: string }>(sql`
    select id from transactions
     where type = 'buy' and status = 'Requested' and expires_at <= ${now.toISOString()}
     order by expires_at limit ${limit}`);
  return result.rows.map((row) => row.id);
}

/**
 * Open buy requests past their expiry that the expiry job has not cancelled yet, and how long
 * the oldest has been overdue, for the metrics (docs/OPERATIONS.md): the open buys' partial
 * index holds only the few open requests.
 */
export async function overdueExpiries(
  db: Database,
): Promise<{ count: number; oldestSeconds: number }> {
  const result = await db.execute<{ count: number; oldest_seconds: number }>(sql`
    select count(*)::int as count,
           coalesce(extract(epoch from now() - min(expires_at)), 0)::float8 as oldest_seconds
      from transactions
     where type = 'buy' and status = 'Requested' and expires_at <= now()`);
  const row = result.rows[0]!;
  return { count: Number(row.count), oldestSeconds: Number(row.oldest_seconds) };
}
