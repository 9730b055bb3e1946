import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DebitFailure } from '@portal/contract/transactions';
import type { Database } from '@server/db/client';
import { merchantAccounts, transactions } from '@server/db/schema';
import { AppError } from '@server/lib/errors';
import {
  approvalDetails,
  recordAuditEvent,
  type ApprovalRecord,
} from '@server/modules/audit/audit-log';
import { MerchantError } from '@server/modules/merchants/adapter';
import { callMerchantForAccount } from '@server/modules/merchants/adapters-plugin';
import { findMerchant } from '@server/modules/merchants/repository';
import { applyMove } from './moves';
import { planMove, type Actor } from './state-moves';

type Operator = Extract<Actor, { kind: 'operator' }>;

const DEBIT_FAILURE_MESSAGES: Record<DebitFailure, string> = {
  insufficient_funds:
    'The merchant refused the debit: not enough balance. Nobody can pay this sale out; cancel it.',
  link_invalid:
    'The merchant refused the debit: the link to the account is no longer valid. Nobody can pay this sale out; cancel it.',
};

/**
 * Refuses early what taking a sell would refuse anyway, before anything reaches the merchant, or
 * before the take waits for a second operator (docs/decisions/017).
 */
export async function checkTakeable(
  db: Database,
  transactionId: string,
  actor: Operator,
): Promise<typeof transactions.$inferSelect> {
  const [row] = await db.select().from(transactions).where(eq(transactions.id, transactionId));
  if (!row) throw new AppError('NOT_FOUND', 'This transaction does not exist.');
  const planned = planMove(
    { type: row.type, status: row.status, ownerUserId: row.userId, expiresAt: row.expiresAt },
    { move: 'operator_take_sell' },
    actor,
    new Date(),
  );
  if (!planned.ok) throw new AppError(planned.code, planned.message);
  if (row.debitFailure) {
    const failure = row.debitFailure as DebitFailure;
    throw new AppError('TRANSITION_NOT_ALLOWED', DEBIT_FAILURE_MESSAGES[failure]);
  }
  if (!row.accountId) throw new AppError('MERCHANT_LINK_INVALID');
  return row;
}

/**
 * Takes a Requested sell for payout: the merchant debit first, and only on the merchant's
 * acknowledgement the move to Pending, with the reservation settled to the merchant, in one
 * database transaction (docs/decisions/010). The won is paid out only after that, so the portal
 * never pays for an asset it did not get.
 *
 * `debit_sent_at` is set before the call (only while Requested), so no cancel slips in while the
 * merchant may be taking the asset (moves.ts refuses it). The debit's idempotency key is the
 * transaction's, so taking again after a timeout or a crash never debits twice. A definite
 * refusal (not enough balance, link no longer valid) is kept as `debit_failure`: the sale stays
 * Requested, nobody may take it again, and the operator cancels it.
 */
export async function takeSell(
  app: FastifyInstance,
  transactionId: string,
  actor: Operator,
  input: { note?: string; approval?: ApprovalRecord },
  ip: string | null = null,
): Promise<void> {
  const request = { move: 'operator_take_sell' as const, note: input.note };
  const row = await checkTakeable(app.db, transactionId, actor);
  if (!row.accountId) throw new AppError('MERCHANT_LINK_INVALID');

  const [account] = await app.db
    .select()
    .from(merchantAccounts)
    .where(eq(merchantAccounts.id, row.accountId));
  const merchant = await findMerchant(app.db, row.merchantId);
  if (!account || !merchant) throw new AppError('MERCHANT_LINK_INVALID');

  // Only while still Requested and not refused: a cancel that got there first (it locks the row
  // and checks debit_sent_at) must not be followed by a debit of a sale that no longer exists.
  const marked = await app.db
    .update(transactions)
    .set({ debitSentAt: new Date() })
    .where(
      and(
        eq(transactions.id, row.id),
        eq(transactions.status, 'Requested'),
        isNull(transactions.debitFailure),
      ),
    )
    .returning({ id: transactions.id });
  if (marked.length === 0) {
    throw new AppError('TRANSITION_NOT_ALLOWED', 'This sale was changed meanwhile; reload it.');
  }
  try {
    await callMerchantForAccount(app, merchant, account, (adapter, linked, signal) =>
      adapter.debit(
        {
          ...linked,
          amount: row.amount,
          idempotencyKey: `sell-debit:${row.id}`,
          reference: row.number,
        },
        signal,
      ),
    );
  } catch (error) {
    const kind = error instanceof MerchantError ? error.kind : 'unavailable';
    app.log.warn({ transactionId: row.id, kind }, 'merchant debit of a sale failed');
    if (kind === 'insufficient_funds' || kind === 'link_invalid') {
      // A definite refusal: nothing was debited. The sale stays Requested, marked, so that nobody
      // pays it out; the operator cancels it (the reservation is released then).
      await app.db
        .update(transactions)
        .set({ debitSentAt: null, debitFailure: kind, updatedAt: new Date() })
        .where(eq(transactions.id, row.id));
      throw new AppError(
        kind === 'insufficient_funds' ? 'MERCHANT_INSUFFICIENT_FUNDS' : 'MERCHANT_LINK_INVALID',
      );
    }
    // Not answered: it may have happened. debit_sent_at stays, so the sale can only be taken
    // again (same key), never cancelled meanwhile.
    throw new AppError('MERCHANT_UNAVAILABLE');
  }

  await app.db.transaction(async (tx) => {
    const now = new Date();
    await tx
      .update(transactions)
      .set({ debitConfirmedAt: now, debitSentAt: null })
      .where(eq(transactions.id, row.id));
    const moved = await applyMove(tx, row.id, request, actor, { merchantDebited: true, now });
    // The payout has started: the asset is the portal's now, the won is owed (decision 023).
    await recordAuditEvent(tx, {
      action: 'payout_started',
      actorUserId: actor.userId,
      subjectUserId: moved.userId,
      ip,
      object: { type: 'transaction', id: moved.number },
      details: {
        before: { status: row.status },
        after: { status: moved.status },
        amount: moved.amount,
        totalKrw: moved.totalKrw,
        ...(input.note ? { note: input.note } : {}),
        ...approvalDetails(input.approval),
      },
    });
  });
}

/**
 * Completes a Pending sell once the operator has paid the won out to the sell's payee: records
 * the payout reference, nothing more. The merchant was debited when the sale was taken; the
 * database refuses a completion without a confirmed debit (migration 0010).
 */
export async function completeSell(
  app: FastifyInstance,
  transactionId: string,
  actor: Operator,
  input: { payoutReference?: string; note?: string },
  ip: string | null = null,
): Promise<void> {
  await app.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ status: transactions.status })
      .from(transactions)
      .where(eq(transactions.id, transactionId));
    const moved = await applyMove(
      tx,
      transactionId,
      {
        move: 'operator_complete_sell',
        payoutReference: input.payoutReference ?? '',
        note: input.note,
      },
      actor,
    );
    await recordAuditEvent(tx, {
      action: 'payout_completed',
      actorUserId: actor.userId,
      subjectUserId: moved.userId,
      ip,
      object: { type: 'transaction', id: moved.number },
      details: {
        before: { status: before?.status ?? null },
        after: { status: moved.status },
        totalKrw: moved.totalKrw,
        payoutReference: moved.payoutReference,
        ...(input.note ? { note: input.note } : {}),
      },
    });
  });
}
