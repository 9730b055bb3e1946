import type {
  MarkRefundedRequest,
  MatchDepositRequest,
  RefundDepositRequest,
} from '@portal/contract/deposits';
import { assetForKrw, compareAmounts, subtractAmounts } from '@portal/contract/money';
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { Database } from '@server/db/client';
import { deposits, transactions } from '@server/db/schema';
import { AppError } from '@server/lib/errors';
import {
  approvalDetails,
  recordAuditEvent,
  type ApprovalRecord,
  type AuditAction,
} from '@server/modules/audit/audit-log';
import { applyMove } from '@server/modules/transactions/moves';
import type { DepositRow } from './service';
import { koreaDay, koreaDayStart } from '@portal/contract/korea-time';

/**
 * The operator's decisions on a deposit (docs/decisions/010). Each locks the deposit row first,
 * so two operators deciding on one deposit at once are served one after the other and the second
 * finds it decided; a buy is then locked by its move, so two deposits can never pay one buy.
 *
 *   review | refund due  --match-->      settled (the buy names it: settled_by_deposit_id)
 *   review               --refund-->     refund due
 *   refund due           --refunded-->   refunded (bank reference, date, who)
 *   review | refund due  --write off-->  written off (reason, who)
 */

export interface OperatorContext {
  userId: string;
  ip: string | null;
  /** Carried out on a second operator's approval (docs/decisions/017). */
  approval?: ApprovalRecord;
}

/** Deposits whose won is still in the portal's hands: they can pay a buy. */
const USABLE = ['review', 'refund_due'] as const;

/**
 * Writes an operator's decision on a locked deposit: its new fields with who decided and when,
 * then the audit event, which always names the deposit by its bank reference.
 */
async function recordDecision(
  tx: Database,
  deposit: DepositRow,
  operator: OperatorContext,
  {
    set,
    where = eq(deposits.id, deposit.id),
    action,
    subjectUserId,
    details,
  }: {
    set: Partial<typeof deposits.$inferInsert>;
    where?: SQL;
    action: AuditAction;
    subjectUserId: string;
    details: Record<string, unknown>;
  },
): Promise<void> {
  const now = new Date();
  await tx
    .update(deposits)
    .set({ ...set, decidedBy: operator.userId, decidedAt: now, updatedAt: now })
    .where(where);
  // The deposit by its bank reference, and its status before and after (decision 023).
  await recordAuditEvent(tx, {
    action,
    actorUserId: operator.userId,
    subjectUserId,
    ip: operator.ip,
    object: { type: 'deposit', id: deposit.bankReference },
    details: {
      deposit: deposit.bankReference,
      before: { status: deposit.status },
      after: { status: set.status ?? deposit.status },
      ...details,
      ...approvalDetails(operator.approval),
    },
  });
}

async function lockDeposit(tx: Database, id: string): Promise<DepositRow> {
  const [deposit] = await tx.select().from(deposits).where(eq(deposits.id, id)).for('update');
  if (!deposit) throw new AppError('NOT_FOUND', 'This deposit does not exist.');
  return deposit;
}

/**
 * What a match would refuse at once, checked before it waits for a second operator
 * (docs/decisions/017), and the difference the checker will see (deposit minus the buy's total).
 * Nothing is locked: the match itself checks again when it is carried out.
 */
export async function checkMatch(
  db: Database,
  depositId: string,
  input: { transactionId: string; acceptAmountDifference?: boolean | undefined },
): Promise<{ differenceKrw: string }> {
  const [deposit] = await db.select().from(deposits).where(eq(deposits.id, depositId));
  if (!deposit) throw new AppError('NOT_FOUND', 'This deposit does not exist.');
  if (!(USABLE as readonly string[]).includes(deposit.status)) {
    throw new AppError('DEPOSIT_NOT_USABLE');
  }
  const [buy] = await db
    .select()
    .from(transactions)
    .where(eq(transactions.id, input.transactionId));
  if (!buy || buy.type !== 'buy')
    throw new AppError('NOT_FOUND', 'This buy request does not exist.');
  if (buy.status !== 'Requested' && buy.status !== 'Pending') {
    throw new AppError(
      'TRANSITION_NOT_ALLOWED',
      `This buy is already ${buy.status}: a deposit can pay only a Requested or Pending buy.`,
    );
  }
  if (compareAmounts(deposit.amountKrw, buy.totalKrw) !== 0) {
    if (!input.acceptAmountDifference) throw new AppError('AMOUNT_DIFFERENCE_NOT_ACCEPTED');
    if (compareAmounts(assetForKrw(deposit.amountKrw, buy.rateKrw), '0') <= 0) {
      throw new AppError(
        'DEPOSIT_NOT_USABLE',
        'This deposit is too small to buy any of the asset.',
      );
    }
  }
  return { differenceKrw: subtractAmounts(deposit.amountKrw, buy.totalKrw) };
}

/** What a refund would refuse at once, before it waits (docs/decisions/017). */
export async function checkRefund(
  db: Database,
  depositId: string,
  input: { transactionId?: string | undefined },
): Promise<{ transactionId: string | null }> {
  const [deposit] = await db.select().from(deposits).where(eq(deposits.id, depositId));
  if (!deposit) throw new AppError('NOT_FOUND', 'This deposit does not exist.');
  if (deposit.status !== 'review') throw new AppError('DEPOSIT_ALREADY_RESOLVED');
  const transactionId =
    input.transactionId ??
    (deposit.relatedTransactionIds.length === 1 ? deposit.relatedTransactionIds[0]! : null);
  if (transactionId) {
    const [buy] = await db
      .select({ type: transactions.type })
      .from(transactions)
      .where(eq(transactions.id, transactionId));
    if (!buy || buy.type !== 'buy')
      throw new AppError('NOT_FOUND', 'This buy request does not exist.');
  }
  return { transactionId };
}

/**
 * Pays one buy with the deposit. When the won differ, the operator must accept that the buy
 * completes at the deposited amount: the asset is recomputed at the buy's locked rate (rounded
 * down to 8 places, never more than was paid for) and the first request is kept beside it.
 */
export async function matchDeposit(
  db: Database,
  depositId: string,
  input: MatchDepositRequest,
  operator: OperatorContext,
): Promise<void> {
  await db.transaction(async (tx) => {
    const deposit = await lockDeposit(tx, depositId);
    if (!(USABLE as readonly string[]).includes(deposit.status)) {
      throw new AppError('DEPOSIT_NOT_USABLE');
    }
    const [buy] = await tx
      .select()
      .from(transactions)
      .where(eq(transactions.id, input.transactionId))
      .for('update');
    if (!buy || buy.type !== 'buy') {
      throw new AppError('NOT_FOUND', 'This buy request does not exist.');
    }
    if (buy.status !== 'Requested' && buy.status !== 'Pending') {
      throw new AppError(
        'TRANSITION_NOT_ALLOWED',
        `This buy is already ${buy.status}: a deposit can pay only a Requested or Pending buy.`,
      );
    }

    const differs = compareAmounts(deposit.amountKrw, buy.totalKrw) !== 0;
    if (differs) {
      if (!input.acceptAmountDifference) throw new AppError('AMOUNT_DIFFERENCE_NOT_ACCEPTED');
      const amount = assetForKrw(deposit.amountKrw, buy.rateKrw);
      if (compareAmounts(amount, '0') <= 0) {
        throw new AppError(
          'DEPOSIT_NOT_USABLE',
          'This deposit is too small to buy any of the asset.',
        );
      }
      await tx
        .update(transactions)
        .set({
          amount,
          totalKrw: deposit.amountKrw,
          requestedAmount: buy.requestedAmount ?? buy.amount,
          requestedTotalKrw: buy.requestedTotalKrw ?? buy.totalKrw,
        })
        .where(eq(transactions.id, buy.id));
    }

    const actor = { kind: 'operator' as const, userId: operator.userId };
    const move = buy.status === 'Requested' ? 'operator_match_deposit' : 'operator_complete_buy';
    const completed = await applyMove(
      tx,
      buy.id,
      { move, depositId: deposit.id, note: input.note },
      actor,
    );
    await recordDecision(tx, deposit, operator, {
      set: {
        status: 'settled',
        matchedTransactionId: buy.id,
        refundReason: null,
        refundTransactionId: null,
        resolution: input.note ?? null,
      },
      action: 'deposit_matched',
      subjectUserId: buy.userId,
      details: {
        transaction: buy.number,
        // The buy it completed: one event says both, the deposit used and the buy completed.
        transactionStatus: { before: buy.status, after: completed.status },
        amountKrw: deposit.amountKrw,
        ...(differs ? { requestedTotalKrw: buy.totalKrw, differenceAccepted: true } : {}),
      },
    });
  });
}

/** The deposit pays nothing: its won is owed back to the sender. */
export async function refundDeposit(
  db: Database,
  depositId: string,
  input: RefundDepositRequest,
  operator: OperatorContext,
): Promise<void> {
  await db.transaction(async (tx) => {
    const deposit = await lockDeposit(tx, depositId);
    if (deposit.status !== 'review') throw new AppError('DEPOSIT_ALREADY_RESOLVED');
    // The refund shows on the request the won was meant for: the one named, or the only one
    // the deposit concerns.
    const transactionId =
      input.transactionId ??
      (deposit.relatedTransactionIds.length === 1 ? deposit.relatedTransactionIds[0]! : null);
    let owner: string | null = null;
    let number: string | null = null;
    if (transactionId) {
      const [buy] = await tx
        .select({
          userId: transactions.userId,
          number: transactions.number,
          type: transactions.type,
        })
        .from(transactions)
        .where(eq(transactions.id, transactionId));
      if (!buy || buy.type !== 'buy') {
        throw new AppError('NOT_FOUND', 'This buy request does not exist.');
      }
      owner = buy.userId;
      number = buy.number;
    }
    await recordDecision(tx, deposit, operator, {
      set: {
        status: 'refund_due',
        refundReason: input.reason,
        refundTransactionId: transactionId,
        resolution: input.note ?? null,
      },
      action: 'deposit_refund_due',
      subjectUserId: owner ?? operator.userId,
      details: {
        amountKrw: deposit.amountKrw,
        reason: input.reason,
        ...(number ? { transaction: number } : {}),
      },
    });
  });
}

/** The bank sent the won back: the reference and day of the transfer, and who recorded it. */
export async function markRefunded(
  db: Database,
  depositId: string,
  input: MarkRefundedRequest,
  operator: OperatorContext,
  now = new Date(),
): Promise<void> {
  // The day as Korea counts it: a transfer made this morning in Seoul is not in the future.
  const today = koreaDay(now);
  if (input.refundedOn > today) {
    throw new AppError('VALIDATION_FAILED', undefined, {
      fields: { refundedOn: 'dateInFuture' },
    });
  }
  await db.transaction(async (tx) => {
    const deposit = await lockDeposit(tx, depositId);
    if (deposit.status !== 'refund_due') throw new AppError('DEPOSIT_ALREADY_RESOLVED');
    await recordDecision(tx, deposit, operator, {
      set: {
        status: 'refunded',
        refundBankReference: input.bankReference,
        refundedAt: koreaDayStart(input.refundedOn),
      },
      action: 'deposit_refunded',
      subjectUserId: (await ownerOf(tx, deposit.refundTransactionId)) ?? operator.userId,
      details: {
        amountKrw: deposit.amountKrw,
        bankReference: input.bankReference,
        refundedOn: input.refundedOn,
      },
    });
  });
}

/** Closed without a refund (the sender cannot be reached, the bank returned it itself). */
export async function writeOffDeposit(
  db: Database,
  depositId: string,
  reason: string,
  operator: OperatorContext,
): Promise<void> {
  await db.transaction(async (tx) => {
    const deposit = await lockDeposit(tx, depositId);
    if (!(USABLE as readonly string[]).includes(deposit.status)) {
      throw new AppError('DEPOSIT_ALREADY_RESOLVED');
    }
    await recordDecision(tx, deposit, operator, {
      set: { status: 'written_off', writeOffReason: reason },
      where: and(eq(deposits.id, deposit.id), inArray(deposits.status, [...USABLE])),
      action: 'deposit_written_off',
      subjectUserId: (await ownerOf(tx, deposit.refundTransactionId)) ?? operator.userId,
      details: { amountKrw: deposit.amountKrw, reason },
    });
  });
}

async function ownerOf(tx: Database, transactionId: string | null): Promise<string | null> {
  if (!transactionId) return null;
  const [row] = await tx
    .select({ userId: transactions.userId })
    .from(transactions)
    .where(eq(transactions.id, transactionId));
  return row?.userId ?? null;
}
