/**
 * Recording deposits (the bank's notification, the manual entry, the statement import): each is
 * matched, settles its buy, waits for a person or becomes a refund due, inside one transaction with
 * its row locks taken in one order. Past 300 lines because the matching outcome, the locks and the
 * deadlock retry are one sequence and read as one (docs/decisions/010).
 */
import type {
  DepositNotification,
  DepositReviewReason,
  DepositSource,
  RefundReason,
} from '@portal/contract/transactions';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '@server/db/client';
import { isDeadlock } from '@server/db/errors';
import { AppError } from '@server/lib/errors';
import { recordAuditEvent } from '@server/modules/audit/audit-log';
import { jsonRecordset } from '@server/db/recordset';
import { deposits, transactions } from '@server/db/schema';
import { notifyTransactionChange } from '@server/modules/live/notify';
import { applyMoves } from '@server/modules/transactions/moves';
import type { MoveRequest } from '@server/modules/transactions/state-moves';
import { concerns, lockCandidates, type LockedCandidate } from './candidates';
import {
  decideDeposit,
  sameDepositorName,
  sameWon,
  type CandidateRequest,
  type DepositDecision,
} from './matching';

export type DepositRow = typeof deposits.$inferSelect;

export interface RecordedDeposit {
  deposit: DepositRow;
  duplicate: boolean;
  decision: DepositDecision | null;
}

/** A deposit on its own: a batch of one (the manual entry). */
export async function recordDeposit(
  db: Database,
  input: DepositNotification,
  source: DepositSource,
  recordedBy: string | null,
  after?: (tx: Database, recorded: RecordedDeposit) => Promise<void>,
): Promise<RecordedDeposit> {
  const [recorded] = await recordDeposits(db, [input], source, recordedBy, {
    after: after ? (tx, [one]) => after(tx, one!) : undefined,
  });
  return recorded!;
}

/**
 * Records deposits and matches them, in one database transaction: the one path for the bank
 * webhook, the statement import and manual entry. Each deposit is decided in the order given,
 * seeing what the ones before it did, exactly as if each had come alone; the batch is recorded
 * whole or not at all. A bank reference seen before (or earlier in the batch) is a duplicate and
 * changes nothing. Every buy request any of the deposits could concern is locked up front, in id
 * order in one statement, before any decision: a cancel, an expiry or another deposit on one of
 * them either happened before and is seen, or waits and finds the request already moved.
 */
export async function recordDeposits(
  db: Database,
  inputs: readonly DepositNotification[],
  source: DepositSource,
  recordedBy: string | null,
  options: {
    first?: (tx: Database) => Promise<void>;
    /** E.g. the audit event of an operator's entry: kept exactly when the deposits are. */
    after?: (tx: Database, recorded: RecordedDeposit[]) => Promise<void>;
  } = {},
): Promise<RecordedDeposit[]> {
  if (inputs.length === 0) return [];
  return retryOnDeadlock(() =>
    db.transaction(async (tx) => {
      // E.g. the webhook's delivery record: it stands or falls with these deposits.
      await options.first?.(tx);
      const recorded = await recordDepositsIn(tx, inputs, source, recordedBy);
      await options.after?.(tx, recorded);
      return recorded;
    }),
  ).catch(async (error: unknown) => {
    if (error instanceof DepositReferenceConflict) {
      // Outside the transaction that was rolled back: the operator sees each conflict.
      for (const conflict of error.conflicts) {
        await recordAuditEvent(db, {
          action: 'deposit_reference_conflict',
          actorUserId: recordedBy,
          object: { type: 'deposit', id: conflict.bankReference },
          details: { source, recorded: conflict.recorded, received: conflict.received },
        });
      }
    }
    throw error;
  });
}

/**
 * The work of `recordDeposits` inside a transaction the caller holds: the webhook's delivery
 * groups (delivery-groups.ts) record several deliveries' deposits in one. Throws
 * DepositReferenceConflict, whose audit events only `recordDeposits` writes.
 */
export async function recordDepositsIn(
  tx: Database,
  inputs: readonly DepositNotification[],
  source: DepositSource,
  recordedBy: string | null,
): Promise<RecordedDeposit[]> {
  if (inputs.length === 0) return [];
  // Inserted in bank reference order, so two batches sharing references cannot deadlock.
  const byReference = [...inputs].sort((a, b) =>
    a.bankReference < b.bankReference ? -1 : a.bankReference > b.bankReference ? 1 : 0,
  );
  const inserted = await tx
    .insert(deposits)
    .values(
      byReference.map((input) => ({
        bankReference: input.bankReference,
        depositorName: input.depositorName,
        amountKrw: input.amountKrw,
        receivedAt: new Date(input.receivedAt),
        receivingAccount: input.receivingAccount ?? null,
        source,
        // Provisional, replaced below in this same transaction.
        status: 'review' as const,
        reviewReason: 'no_prior_request' as const,
        recordedBy,
      })),
    )
    .onConflictDoNothing({ target: deposits.bankReference })
    .returning();
  const insertedRows = new Map(inserted.map((row) => [row.bankReference, row]));

  // The first of a reference in the order given is the new one; later ones are duplicates.
  const results: (RecordedDeposit | undefined)[] = inputs.map(() => undefined);
  const fresh: { index: number; input: DepositNotification; row: DepositRow }[] = [];
  const firstOfReference = new Map<string, number>();
  inputs.forEach((input, index) => {
    const row = insertedRows.get(input.bankReference);
    if (row && !firstOfReference.has(input.bankReference)) {
      firstOfReference.set(input.bankReference, index);
      fresh.push({ index, input, row });
    }
  });

  const pool = await lockCandidates(
    tx,
    fresh.map(({ input }) => input),
  );
  // Decided in the order given, each seeing what the ones before it decided...
  const writes = new Map<string, { candidate: LockedCandidate; steps: Step[] }>();
  const decided = fresh.map(({ index, input, row }) => {
    const receivedAt = new Date(input.receivedAt);
    const candidates = pool.filter((candidate) => concerns(candidate, input, receivedAt));
    const { decision, steps } = decide(row.id, input, receivedAt, candidates);
    for (const step of steps) {
      const entry = writes.get(step.candidate.transactionId) ?? {
        candidate: step.candidate,
        steps: [],
      };
      entry.steps.push(step);
      writes.set(step.candidate.transactionId, entry);
    }
    return { index, row, decision, refund: refundOwed(decision, candidates) };
  });
  // ...and written request by request in one fixed order (agency, owner, id): the counts
  // the triggers keep per agency and owner are then locked in the same order by every
  // batch, so two batches never wait on each other in a circle. Steps on different
  // requests touch different rows, so the result is the same as in the order decided.
  const ordered = [...writes.values()].sort((a, b) =>
    compareKeys(lockOrderKey(a.candidate), lockOrderKey(b.candidate)),
  );
  // Round k carries out the k-th step on each request (nearly always one round).
  for (let round = 0; ; round += 1) {
    const steps = ordered.flatMap(({ steps: all }) => all[round] ?? []);
    if (steps.length === 0) break;
    await applyMoves(
      tx,
      steps.flatMap((step) =>
        step.kind === 'move'
          ? [{ transactionId: step.candidate.transactionId, request: step.request }]
          : [],
      ),
      { kind: 'system' },
    );
    for (const step of steps) if (step.kind === 'delay') await showDelay(tx, step);
  }

  // Every deposit's outcome in one statement.
  const now = new Date();
  const outcomes = decided.map(({ index, row, decision, refund }) => {
    const deposit: DepositRow =
      decision.kind === 'settle'
        ? {
            ...row,
            status: 'settled',
            reviewReason: null,
            matchedTransactionId: decision.transactionId,
            updatedAt: now,
          }
        : {
            ...row,
            status: refund ? 'refund_due' : 'review',
            reviewReason: decision.reason,
            relatedTransactionIds: decision.relatedTransactionIds,
            refundReason: refund?.reason ?? null,
            refundTransactionId: refund?.transactionId ?? null,
            updatedAt: now,
          };
    results[index] = { deposit, duplicate: false, decision };
    return deposit;
  });
  if (outcomes.length > 0) {
    await tx
      .update(deposits)
      .set({
        status: sql`v.status`,
        reviewReason: sql`v.review_reason`,
        matchedTransactionId: sql`v.matched`,
        relatedTransactionIds: sql`v.related`,
        refundReason: sql`v.refund_reason`,
        refundTransactionId: sql`v.refund_transaction`,
        updatedAt: now,
      })
      .from(
        jsonRecordset(
          outcomes.map((deposit) => ({
            id: deposit.id,
            status: deposit.status,
            review_reason: deposit.reviewReason,
            matched: deposit.matchedTransactionId,
            related: deposit.relatedTransactionIds,
            refund_reason: deposit.refundReason,
            refund_transaction: deposit.refundTransactionId,
          })),
          'v',
          'id uuid, status text, review_reason text, matched uuid, related jsonb, refund_reason text, refund_transaction uuid',
        ),
      )
      .where(sql`${deposits.id} = v.id`);
  }

  const duplicateReferences = inputs
    .filter((input, index) => firstOfReference.get(input.bankReference) !== index)
    .map((input) => input.bankReference);
  const earlier = new Map(
    (duplicateReferences.length === 0
      ? []
      : await tx
          .select()
          .from(deposits)
          .where(inArray(deposits.bankReference, [...new Set(duplicateReferences)]))
    ).map((row) => [row.bankReference, row]),
  );
  const recorded = inputs.map(
    (input, index) =>
      results[index] ?? {
        deposit: earlier.get(input.bankReference)!,
        duplicate: true,
        decision: null,
      },
  );
  // A reference seen before must say what it said then: with another name, amount or time
  // it is not a retry but a conflict, and nothing of the batch is recorded.
  const conflicts = recorded.flatMap((outcome, index) =>
    outcome.duplicate && saysOtherwise(inputs[index]!, outcome.deposit)
      ? [conflictOf(inputs[index]!, outcome.deposit)]
      : [],
  );
  if (conflicts.length > 0) throw new DepositReferenceConflict(conflicts);
  return recorded;
}

/** What a deposit notification says, as compared and recorded in a conflict. */
interface DepositFacts {
  depositorName: string;
  amountKrw: string;
  receivedAt: string;
}

/** A bank reference already recorded, sent again with other facts. */
export interface DepositConflict {
  bankReference: string;
  recorded: DepositFacts;
  received: DepositFacts;
}

/**
 * A known bank reference re-sent with another depositor name, amount or time of receipt
 * (docs/SECURITY.md "Deposit reference conflicts"). Answered 409 DEPOSIT_REFERENCE_CONFLICT, not
 * `duplicate: true`: the first deposit stands, and the operator finds the conflict in the audit
 * trail.
 */
export class DepositReferenceConflict extends AppError {
  constructor(readonly conflicts: DepositConflict[]) {
    super(
      'DEPOSIT_REFERENCE_CONFLICT',
      'This bank reference was recorded with another name, amount or time.',
    );
  }
}

/** Whether a repeated notification says something else than the deposit recorded under its reference. */
export function saysOtherwise(input: DepositNotification, row: DepositRow): boolean {
  return (
    !sameDepositorName(input.depositorName, row.depositorName) ||
    !sameWon(String(input.amountKrw), row.amountKrw) ||
    new Date(input.receivedAt).getTime() !== row.receivedAt.getTime()
  );
}

function conflictOf(input: DepositNotification, row: DepositRow): DepositConflict {
  return {
    bankReference: row.bankReference,
    recorded: {
      depositorName: row.depositorName,
      amountKrw: row.amountKrw,
      receivedAt: row.receivedAt.toISOString(),
    },
    received: {
      depositorName: input.depositorName,
      amountKrw: String(input.amountKrw),
      receivedAt: new Date(input.receivedAt).toISOString(),
    },
  };
}

/** What a decision does to one request: a move, or a delay shown on it. */
type Step =
  | { candidate: LockedCandidate; kind: 'move'; request: MoveRequest }
  | {
      candidate: LockedCandidate;
      kind: 'delay';
      reason: DepositReviewReason;
      status: CandidateRequest['status'];
    };

/**
 * Decides one new deposit among the requests it could concern, and what that does to them. The
 * candidates' statuses are updated here, so the next deposit of the batch sees them.
 */
function decide(
  depositId: string,
  input: DepositNotification,
  receivedAt: Date,
  candidates: LockedCandidate[],
): { decision: DepositDecision; steps: Step[] } {
  const decision = decideDeposit(
    {
      depositorName: input.depositorName,
      amountKrw: input.amountKrw,
      receivedAt,
      receivingAccount: input.receivingAccount ?? null,
    },
    candidates,
  );
  if (decision.kind === 'settle') {
    const candidate = candidates.find((c) => c.transactionId === decision.transactionId)!;
    candidate.status = 'Completed';
    return {
      decision,
      steps: [{ candidate, kind: 'move', request: { move: 'deposit_matched', depositId } }],
    };
  }

  // Needs a person, and every related request shows why. A request the deposit clearly
  // concerns (the only related one, or one of several that fit exactly) waits for the operator
  // too: Requested -> Pending (docs/PRODUCT.md "Transaction states"). When it could be any of several of a user's requests,
  // they stay open, so the right deposit for each can still settle it automatically.
  const clearlyConcerned =
    decision.reason === 'multiple_candidates' || decision.relatedTransactionIds.length === 1;
  const steps: Step[] = [];
  for (const candidate of candidates) {
    if (!decision.relatedTransactionIds.includes(candidate.transactionId)) continue;
    if (clearlyConcerned && candidate.status === 'Requested' && candidate.expiresAt > receivedAt) {
      steps.push({
        candidate,
        kind: 'move',
        request: { move: 'deposit_needs_review', reason: decision.reason },
      });
      candidate.status = 'Pending';
    } else if (candidate.status === 'Requested' || candidate.status === 'Cancelled') {
      // Completed and Pending ones keep what they show; the operator sees the deposit's list.
      steps.push({ candidate, kind: 'delay', reason: decision.reason, status: candidate.status });
    }
  }
  return { decision, steps };
}

/**
 * Whether a deposit that settled nothing can only go back to its sender, so it is a refund due
 * at once instead of waiting in review (docs/decisions/010): nothing is related to it, or every
 * request it concerns is final (cancelled or expired: too late; completed: a second payment).
 * When one of them is still open or Pending, a person decides. The refund shows on the request
 * the money was meant for, if there is one.
 */
function refundOwed(
  decision: DepositDecision,
  candidates: readonly LockedCandidate[],
): { reason: RefundReason; transactionId: string | null } | null {
  if (decision.kind === 'settle') return null;
  const related = candidates.filter((c) =>
    decision.relatedTransactionIds.includes(c.transactionId),
  );
  if (related.length === 0) return { reason: 'no_request', transactionId: null };
  const first = related[0]!.transactionId;
  if (related.every((c) => c.status === 'Cancelled')) {
    return {
      reason: decision.reason === 'request_expired' ? 'request_expired' : 'request_cancelled',
      transactionId: first,
    };
  }
  if (related.every((c) => c.status === 'Completed')) {
    return { reason: 'duplicate_payment', transactionId: first };
  }
  return null;
}

/** A delay shown on a request a deposit concerns but does not move. */
async function showDelay(tx: Database, step: Extract<Step, { kind: 'delay' }>): Promise<void> {
  await tx
    .update(transactions)
    .set({ delayReason: step.reason, updatedAt: new Date() })
    .where(eq(transactions.id, step.candidate.transactionId));
  // The owner's open page shows the delay at once, as for a move.
  await notifyTransactionChange(tx, {
    userId: step.candidate.userId,
    transactionId: step.candidate.transactionId,
    status: step.status,
  });
}

function lockOrderKey(candidate: LockedCandidate): string[] {
  return [candidate.clientAgencyId ?? '', candidate.userId, candidate.transactionId];
}

function compareKeys(a: string[], b: string[]): number {
  for (let i = 0; i < a.length; i += 1) {
    if (a[i]! !== b[i]!) return a[i]! < b[i]! ? -1 : 1;
  }
  return 0;
}

/** A deadlock rolled the transaction back whole, so it can run again. */
export async function retryOnDeadlock<T>(run: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= attempts || !isDeadlock(error)) throw error;
    }
  }
}
