import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { FailedCredit } from '@portal/contract/merchant-credits';
import type { Database } from '@server/db/client';
import { merchantAccounts, merchantCredits, transactions } from '@server/db/schema';
import { ledgerFor, lockAccountLedger, negate, postEntry } from '@server/modules/ledger/ledger';
import { notifyTransactionChange } from '@server/modules/live/notify';
import { MerchantError } from '@server/modules/merchants/adapter';
import { callMerchantForAccount } from '@server/modules/merchants/adapters-plugin';
import { findMerchant } from '@server/modules/merchants/repository';
import { recordAuditEvent } from '@server/modules/audit/audit-log';
import { AppError } from '@server/lib/errors';
import { operatorTransaction } from './repository';

/**
 * The outbox of merchant credits (docs/decisions/008): for completed buys, and for sells cancelled
 * after the merchant debited them, whose asset goes back to the same account (a `sell_return`,
 * docs/decisions/010). A buy completes when
 * its deposit is matched: the won has arrived and the portal owes the asset. The credit is then
 * delivered here, with the outbox row's id as the merchant's idempotency key, retried with
 * backoff until the merchant acknowledges. Each attempt claims its row with SKIP LOCKED, so
 * several instances never send the same credit at once; and a repeated send is harmless anyway.
 */
export const RETRY_DELAYS_SECONDS = [5, 15, 60, 300, 900, 3600] as const;

/** After this many attempts a credit is `failed` and waits for the operator. */
export const MAX_ATTEMPTS = 20;

/** Failed credits are rare; the operator's list shows this many at most. */
export const FAILED_CREDITS_LIMIT = 200;

export async function deliverDueCredits(app: FastifyInstance, limit = 20): Promise<number> {
  let delivered = 0;
  for (let i = 0; i < limit; i += 1) {
    const outcome = await deliverOne(app);
    if (outcome === 'none') break;
    if (outcome === 'delivered') delivered += 1;
  }
  return delivered;
}

async function deliverOne(app: FastifyInstance): Promise<'none' | 'delivered' | 'retry'> {
  const { db } = app;
  // Claim: push the next attempt time ahead, so nobody else picks it up while we call.
  const claimed = await db.execute<{ id: string; transaction_id: string; attempts: number }>(sql`
    update merchant_credits set next_attempt_at = now() + interval '2 minutes', attempts = attempts + 1
     where id = (select id from merchant_credits
                  where status = 'pending' and next_attempt_at <= now()
                  order by next_attempt_at limit 1 for update skip locked)
    returning id, transaction_id, attempts`);
  const credit = claimed.rows[0];
  if (!credit) return 'none';

  const [buy] = await db
    .select()
    .from(transactions)
    .where(eq(transactions.id, credit.transaction_id));
  const [account] = buy?.accountId
    ? await db.select().from(merchantAccounts).where(eq(merchantAccounts.id, buy.accountId))
    : [];
  const merchant = buy ? await findMerchant(db, buy.merchantId) : null;
  if (!buy || !account || !merchant) {
    await fail(app, credit.id, credit.attempts, 'the account or merchant no longer exists', true);
    return 'retry';
  }

  // A sell's return has its own key prefix: never the same key as the sell's debit, which the
  // merchant would otherwise answer with the debit it already made.
  const isReturn = buy.type === 'sell';
  let transferId: string;
  try {
    const result = await callMerchantForAccount(app, merchant, account, (adapter, linked, signal) =>
      adapter.credit(
        {
          ...linked,
          amount: buy.amount,
          idempotencyKey: `${isReturn ? 'sell-return' : 'buy-credit'}:${credit.id}`,
          reference: buy.number,
        },
        signal,
      ),
    );
    transferId = result.transferId;
  } catch (error) {
    const kind = error instanceof MerchantError ? error.kind : 'unavailable';
    // The finer reason (timeout, network, idempotency conflict...) is for the log only.
    const detail = error instanceof MerchantError ? (error.reason ?? error.message) : 'unexpected';
    await fail(app, credit.id, credit.attempts, `${kind}: ${detail}`, kind === 'link_invalid');
    return 'retry';
  }

  await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(merchantCredits)
      .set({
        status: 'delivered',
        deliveredAt: new Date(),
        merchantTransferId: transferId,
        lastError: null,
      })
      .where(and(eq(merchantCredits.id, credit.id), eq(merchantCredits.status, 'pending')))
      .returning({ id: merchantCredits.id });
    if (!updated) return; // delivered by someone else meanwhile
    const ledger = await ledgerFor(tx, account);
    await lockAccountLedger(tx, ledger);
    await postEntry(tx, isReturn ? 'sell_return' : 'buy_credit', buy.id, [
      { ledgerAccountId: ledger.merchantId, amount: negate(buy.amount) },
      { ledgerAccountId: ledger.holdingId, amount: buy.amount },
    ]);
    await tx
      .update(transactions)
      .set({ creditStatus: 'delivered', updatedAt: new Date() })
      .where(eq(transactions.id, buy.id));
    await notifyTransactionChange(tx, {
      userId: buy.userId,
      transactionId: buy.id,
      status: buy.status,
    });
  });
  return 'delivered';
}

async function fail(
  app: FastifyInstance,
  id: string,
  attempts: number,
  reason: string,
  permanent: boolean,
): Promise<void> {
  const giveUp = permanent || attempts >= MAX_ATTEMPTS;
  const delay = RETRY_DELAYS_SECONDS[Math.min(attempts - 1, RETRY_DELAYS_SECONDS.length - 1)]!;
  app.log.warn({ creditId: id, attempts, reason, giveUp }, 'merchant credit not delivered');
  await app.db.transaction(async (tx) => {
    const [credit] = await tx
      .update(merchantCredits)
      .set({
        status: giveUp ? 'failed' : 'pending',
        lastError: reason,
        nextAttemptAt: new Date(Date.now() + delay * 1000),
      })
      .where(and(eq(merchantCredits.id, id), lte(merchantCredits.attempts, attempts)))
      .returning({ transactionId: merchantCredits.transactionId });
    if (!credit || !giveUp) return;
    // The buy shows it too, so the user is told and the operator's queue finds it.
    const [buy] = await tx
      .update(transactions)
      .set({ creditStatus: 'failed', updatedAt: new Date() })
      .where(eq(transactions.id, credit.transactionId))
      .returning({ userId: transactions.userId, status: transactions.status });
    if (buy) {
      await notifyTransactionChange(tx, {
        userId: buy.userId,
        transactionId: credit.transactionId,
        status: buy.status,
      });
    }
  });
}

/** The credits given up on, oldest first, with the transaction each belongs to. */
export async function listFailedCredits(
  db: Database,
  limit = FAILED_CREDITS_LIMIT,
): Promise<FailedCredit[]> {
  const failed = await db
    .select({
      transactionId: merchantCredits.transactionId,
      attempts: merchantCredits.attempts,
      lastError: merchantCredits.lastError,
    })
    .from(merchantCredits)
    .where(eq(merchantCredits.status, 'failed'))
    .orderBy(asc(merchantCredits.createdAt))
    .limit(limit);
  const items: FailedCredit[] = [];
  for (const credit of failed) {
    const transaction = await operatorTransaction(db, credit.transactionId);
    if (transaction)
      items.push({ transaction, attempts: credit.attempts, lastError: credit.lastError });
  }
  return items;
}

/**
 * Puts a failed credit back into the outbox, due now and with a fresh set of attempts; the worker
 * sends it with the same idempotency key, so a merchant that did take an earlier attempt answers
 * with that transfer instead of crediting twice. Refused unless the credit has failed.
 */
export async function retryFailedCredit(
  db: Database,
  transactionId: string,
  operator: { userId: string; ip?: string; note?: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    const [credit] = await tx
      .update(merchantCredits)
      .set({ status: 'pending', attempts: 0, nextAttemptAt: new Date() })
      .where(
        and(eq(merchantCredits.transactionId, transactionId), eq(merchantCredits.status, 'failed')),
      )
      .returning({ id: merchantCredits.id, lastError: merchantCredits.lastError });
    if (!credit) {
      const [exists] = await tx
        .select({ id: transactions.id })
        .from(transactions)
        .where(eq(transactions.id, transactionId));
      if (!exists) throw new AppError('NOT_FOUND', 'This transaction does not exist.');
      throw new AppError('TRANSITION_NOT_ALLOWED', 'Only a failed merchant credit can be retried.');
    }
    const [buy] = await tx
      .update(transactions)
      .set({ creditStatus: 'pending', updatedAt: new Date() })
      .where(eq(transactions.id, transactionId))
      .returning({
        userId: transactions.userId,
        status: transactions.status,
        number: transactions.number,
      });
    if (!buy) return;
    await recordAuditEvent(tx, {
      action: 'merchant_credit_retried',
      actorUserId: operator.userId,
      subjectUserId: buy.userId,
      ip: operator.ip ?? null,
      object: { type: 'transaction', id: buy.number },
      details: {
        transaction: buy.number,
        lastError: credit.lastError,
        note: operator.note ?? null,
      },
    });
    await notifyTransactionChange(tx, { userId: buy.userId, transactionId, status: buy.status });
  });
}

/**
 * Credits due and not delivered (and since when), and those given up, for the metrics
 * (docs/OPERATIONS.md): both read merchant_credits_due_idx.
 */
export async function creditBacklog(
  db: Database,
): Promise<{ due: number; oldestDueSeconds: number; failed: number }> {
  const result = await db.execute<{ due: number; oldest_due_seconds: number; failed: number }>(sql`
    select count(*) filter (where status = 'pending')::int as due,
           coalesce(extract(epoch from now() - min(next_attempt_at) filter (where status = 'pending')), 0)::float8
             as oldest_due_seconds,
           count(*) filter (where status = 'failed')::int as failed
      from merchant_credits
     where (status = 'pending' and next_attempt_at <= now()) or status = 'failed'`);
  const row = result.rows[0]!;
  return {
    due: Number(row.due),
    oldestDueSeconds: Number(row.oldest_due_seconds),
    failed: Number(row.failed),
  };
}
