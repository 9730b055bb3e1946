import type { ApprovalAction } from '@portal/contract/approvals';
import { eq } from 'drizzle-orm';
import type { Database } from '@server/db/client';
import { deposits, merchants, transactions, users } from '@server/db/schema';
import { AppError } from '@server/lib/errors';

type Refs = Extract<ApprovalAction, { kind: 'deposit_match' }>;

/** A transaction as the checker needs to judge it: whose, what, how much, where it stands. */
export async function transactionRef(db: Database, id: string): Promise<Refs['transaction']> {
  const [row] = await db
    .select({
      id: transactions.id,
      number: transactions.number,
      userName: users.name,
      asset: merchants.asset,
      assetAmount: transactions.amount,
      totalKrw: transactions.totalKrw,
      status: transactions.status,
    })
    .from(transactions)
    .innerJoin(users, eq(users.id, transactions.userId))
    .innerJoin(merchants, eq(merchants.id, transactions.merchantId))
    .where(eq(transactions.id, id));
  if (!row) throw new AppError('NOT_FOUND', 'This transaction does not exist.');
  return row;
}

export async function depositRef(db: Database, id: string): Promise<Refs['deposit']> {
  const [row] = await db
    .select({
      id: deposits.id,
      bankReference: deposits.bankReference,
      depositorName: deposits.depositorName,
      amountKrw: deposits.amountKrw,
      receivedAt: deposits.receivedAt,
    })
    .from(deposits)
    .where(eq(deposits.id, id));
  if (!row) throw new AppError('NOT_FOUND', 'This deposit does not exist.');
  return { ...row, receivedAt: row.receivedAt.toISOString() };
}

/** The one key a subject waits under while pending (docs/decisions/017). */
export function subjectOf(action: ApprovalAction): {
  subjectKey: string;
  transactionId?: string;
  depositId?: string;
  agencyId?: string;
  targetUserId?: string;
} {
  switch (action.kind) {
    case 'payout':
    case 'buy_cancellation':
      return {
        subjectKey: `transaction:${action.transaction.id}`,
        transactionId: action.transaction.id,
      };
    case 'deposit_match':
      return {
        subjectKey: `deposit:${action.deposit.id}`,
        depositId: action.deposit.id,
        transactionId: action.transaction.id,
      };
    case 'deposit_refund':
      return {
        subjectKey: `deposit:${action.deposit.id}`,
        depositId: action.deposit.id,
        ...(action.transaction ? { transactionId: action.transaction.id } : {}),
      };
    case 'rate_change':
      return { subjectKey: `rate:${action.asset}` };
    case 'agency_bank_account':
      return { subjectKey: `agency:${action.agency.id}`, agencyId: action.agency.id };
    case 'operator_role':
      return { subjectKey: `user:${action.user.id}`, targetUserId: action.user.id };
  }
}

/** What an approval's audit events are about, by the reference people use for it. */
export function auditObjectOf(
  action: ApprovalAction,
): { type: 'transaction' | 'deposit' | 'rate' | 'agency'; id: string } | undefined {
  switch (action.kind) {
    case 'payout':
    case 'buy_cancellation':
      return { type: 'transaction', id: action.transaction.number };
    case 'deposit_match':
    case 'deposit_refund':
      return { type: 'deposit', id: action.deposit.bankReference };
    case 'rate_change':
      return { type: 'rate', id: action.asset };
    case 'agency_bank_account':
      return { type: 'agency', id: action.agency.code };
    case 'operator_role':
      return undefined;
  }
}
