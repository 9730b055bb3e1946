import type { DepositNotification, DepositSource } from '@portal/contract/transactions';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '@server/db/client';
import { deposits, transactions } from '@server/db/schema';
import { notifyTransactionChange } from '@server/modules/live/notify';
import { applyMove } from '@server/modules/transactions/moves';
import {
  decideDeposit,
  depositorNameKey,
  type CandidateRequest,
  type DepositDecision,
} from './matching';

export type DepositRow = typeof deposits.$inferSelect;

/** How far back a deposit looks for finished requests with its name and amount (for the operator). */
const LOOKBACK_DAYS = 30;

/**
 * A user's name without any of those characters: exactly the expression of the index
 * users_name_key_idx (schema/identity.ts), so the lookup uses it.
 */
const NAME_KEY = sql.raw(`translate(normalize(u.name, NFC), E' \\t\\n\\r\\u00a0', '')`);

export interface RecordedDeposit {
  deposit: DepositRow;
  duplicate: boolean;
  decision: DepositDecision | null;
}

/**
 * Records a deposit and matches it, in one database transaction: the one path for the bank
 * webhook, the statement import and manual entry. A bank reference seen before is a duplicate and
 * changes nothing. The candidate requests are locked (in id order, so concurrent deposits cannot
 * deadlock) before the decision, so a cancel, an expiry or another deposit on the same request
 * either happens before and is seen, or waits and finds the request already completed.
 */
export async function recordDeposit(
  db: Database,
  input: DepositNotification,
  source: DepositSource,
  recordedBy: string | null,
): Promise<RecordedDeposit> {
  const receivedAt = new Date(input.receivedAt);
  return db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(deposits)
      .values({
        bankReference: input.bankReference,
        depositorName: input.depositorName,
        amountKrw: input.amountKrw,
        receivedAt,
        receivingAccount: input.receivingAccount ?? null,
        source,
        // Provisional, replaced below in this same transaction.
        status: 'review',
        reviewReason: 'no_prior_request',
        recordedBy,
      })
      .onConflictDoNothing({ target: deposits.bankReference })
      .returning();
    if (!inserted) {
      const [existing] = await tx
        .select()
        .from(deposits)
        .where(eq(deposits.bankReference, input.bankReference));
      return { deposit: existing!, duplicate: true, decision: null };
    }

    const candidates = await lockCandidates(tx, input.depositorName, input.amountKrw, receivedAt);
    const decision = decideDeposit(
      { depositorName: input.depositorName, amountKrw: input.amountKrw, receivedAt },
      candidates,
    );

    if (decision.kind === 'settle') {
      await applyMove(tx, decision.transactionId, { move: 'deposit_matched' }, { kind: 'system' });
      const [settled] = await tx
        .update(deposits)
        .set({
          status: 'settled',
          reviewReason: null,
          matchedTransactionId: decision.transactionId,
          updatedAt: new Date(),
        })
        .where(eq(deposits.id, inserted.id))
        .returning();
      return { deposit: settled!, duplicate: false, decision };
    }

    // Needs a person, and every related request shows why. A request the deposit clearly
    // concerns (the only related one, or one of several that fit exactly) waits for the operator
    // too: Requested -> Pending (DESIGN). When it could be any of several of a user's requests,
    // they stay open, so the right deposit for each can still settle it automatically.
    const clearlyConcerned =
      decision.reason === 'multiple_candidates' || decision.relatedTransactionIds.length === 1;
    for (const candidate of candidates) {
      if (!decision.relatedTransactionIds.includes(candidate.transactionId)) continue;
      if (
        clearlyConcerned &&
        candidate.status === 'Requested' &&
        candidate.expiresAt > receivedAt
      ) {
        await applyMove(
          tx,
          candidate.transactionId,
          { move: 'deposit_needs_review', reason: decision.reason },
          { kind: 'system' },
        );
      } else if (candidate.status === 'Requested' || candidate.status === 'Cancelled') {
        // Completed and Pending ones keep what they show; the operator sees the deposit's list.
        await tx
          .update(transactions)
          .set({ delayReason: decision.reason, updatedAt: new Date() })
          .where(eq(transactions.id, candidate.transactionId));
        // The owner's open page shows the delay at once, as for a move.
        await notifyTransactionChange(tx, {
          userId: candidate.userId,
          transactionId: candidate.transactionId,
          status: candidate.status,
        });
      }
    }
    const [queued] = await tx
      .update(deposits)
      .set({
        status: 'review',
        reviewReason: decision.reason,
        relatedTransactionIds: decision.relatedTransactionIds,
        updatedAt: new Date(),
      })
      .where(eq(deposits.id, inserted.id))
      .returning();
    return { deposit: queued!, duplicate: false, decision };
  });
}

/**
 * The buy requests a deposit could concern: every open one with its amount or (roughly) its
 * name, and recent finished ones with both. The database filter is deliberately looser than the
 * rule (names compared without any spaces); matching.ts decides exactly.
 */
async function lockCandidates(
  tx: Database,
  depositorName: string,
  amountKrw: string,
  receivedAt: Date,
): Promise<CandidateRequest[]> {
  const nameKey = depositorNameKey(depositorName);
  const lookback = new Date(receivedAt.getTime() - LOOKBACK_DAYS * 24 * 60 * 60 * 1000);
  const result = await tx.execute<{
    id: string;
    user_id: string;
    name: string;
    total_krw: string;
    created_at: string | Date;
    status: CandidateRequest['status'];
    expires_at: string | Date;
  }>(sql`
    with related as (
      select t.id from transactions t
       where t.type = 'buy' and t.status = 'Requested' and t.total_krw = ${amountKrw}::numeric
      union
      select t.id from users u join transactions t on t.user_id = u.id
       where ${NAME_KEY} = ${nameKey}
         and t.type = 'buy'
         and (t.status = 'Requested'
              or (t.total_krw = ${amountKrw}::numeric and t.created_at >= ${lookback.toISOString()}))
    )
    select t.id, t.user_id, u.name, t.total_krw::text as total_krw, t.created_at, t.status, t.expires_at
      from transactions t
      join users u on u.id = t.user_id
     where t.id in (select id from related)
     order by t.id
     for update of t`);
  return result.rows.map((row) => ({
    transactionId: row.id,
    userId: row.user_id,
    registeredName: row.name,
    amountKrw: row.total_krw,
    requestedAt: new Date(row.created_at),
    status: row.status,
    expiresAt: new Date(row.expires_at),
  }));
}
