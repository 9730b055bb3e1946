import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { merchantAccounts, transactions } from '@server/db/schema';
import { AppError } from '@server/lib/errors';
import { MerchantError } from '@server/modules/merchants/adapter';
import { callMerchantForAccount } from '@server/modules/merchants/adapters-plugin';
import { findMerchant } from '@server/modules/merchants/repository';
import { applyMove } from './moves';
import { planMove, type Actor } from './state-moves';

/**
 * Completes a Pending sell once the operator has paid the won out: the merchant debit first,
 * completion only on the merchant's acknowledgement (docs/decisions/008). The debit's
 * idempotency key is the transaction's, so a retry after a timeout or a crash never debits twice;
 * from the first attempt on, the sale can no longer be cancelled (moves.ts), only completed.
 */
export async function completeSell(
  app: FastifyInstance,
  transactionId: string,
  actor: Extract<Actor, { kind: 'operator' }>,
  input: { payoutReference?: string; note?: string },
): Promise<void> {
  const request = {
    move: 'operator_complete_sell' as const,
    payoutReference: input.payoutReference ?? '',
    note: input.note,
  };
  const [row] = await app.db.select().from(transactions).where(eq(transactions.id, transactionId));
  if (!row) throw new AppError('NOT_FOUND', 'This transaction does not exist.');
  // Refuse early what the move would refuse anyway, before anything reaches the merchant.
  const planned = planMove(
    { type: row.type, status: row.status, ownerUserId: row.userId, expiresAt: row.expiresAt },
    request,
    actor,
    new Date(),
  );
  if (!planned.ok) throw new AppError(planned.code, planned.message);
  if (!row.accountId) throw new AppError('MERCHANT_LINK_INVALID');

  const [account] = await app.db
    .select()
    .from(merchantAccounts)
    .where(eq(merchantAccounts.id, row.accountId));
  const merchant = await findMerchant(app.db, row.merchantId);
  if (!account || !merchant) throw new AppError('MERCHANT_LINK_INVALID');

  // Only while still Pending: an operator cancel that got there first (it locks the row and
  // checks debitSentAt) must not be followed by a debit of a sale that no longer exists.
  const marked = await app.db
    .update(transactions)
    .set({ debitSentAt: new Date() })
    .where(and(eq(transactions.id, row.id), eq(transactions.status, 'Pending')))
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
      // A definite refusal: nothing was debited, so the sale may be cancelled again.
      await app.db
        .update(transactions)
        .set({ debitSentAt: null })
        .where(eq(transactions.id, row.id));
      throw new AppError(
        kind === 'insufficient_funds' ? 'MERCHANT_INSUFFICIENT_FUNDS' : 'MERCHANT_LINK_INVALID',
      );
    }
    throw new AppError('MERCHANT_UNAVAILABLE');
  }

  await app.db.transaction((tx) =>
    applyMove(tx, row.id, request, actor, { merchantDebited: true }),
  );
}
