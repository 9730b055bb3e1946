import type { Approval } from '@portal/contract/approvals';
import type { BankAccount } from '@portal/contract/agency-bank-account';
import type { RefundReason, TransactionStatus } from '@portal/contract/transactions';
import type { UserRole } from '@portal/contract/users';
import type { Database } from '@server/db/client';
import { AppError } from '@server/lib/errors';
import { checkMatch, checkRefund } from '@server/modules/deposits/decisions';
import { planMove } from '@server/modules/transactions/state-moves';
import { requestApproval, type Person } from './service';
import { depositRef, transactionRef } from './subjects';

/**
 * What each guarded entry point asks for (docs/decisions/017). Each first refuses whatever its
 * action would refuse at once, so nothing impossible waits, then stores the action as the maker
 * sees it now.
 */

/** Starting the payout of a big sale (the route has checked it can be taken). */
export async function requestPayout(
  db: Database,
  transactionId: string,
  note: string | undefined,
  maker: Person,
  ip: string | null,
): Promise<Approval> {
  const transaction = await transactionRef(db, transactionId);
  return requestApproval(db, { kind: 'payout', transaction, note: note ?? null }, maker, ip);
}

/** Paying a buy with a deposit, from the deposit or from the transaction. */
export async function requestDepositMatch(
  db: Database,
  depositId: string,
  input: {
    transactionId: string;
    acceptAmountDifference?: boolean | undefined;
    note?: string | undefined;
  },
  maker: Person,
  ip: string | null,
): Promise<Approval> {
  const { differenceKrw } = await checkMatch(db, depositId, input);
  const [deposit, transaction] = await Promise.all([
    depositRef(db, depositId),
    transactionRef(db, input.transactionId),
  ]);
  return requestApproval(
    db,
    { kind: 'deposit_match', deposit, transaction, differenceKrw, note: input.note ?? null },
    maker,
    ip,
  );
}

/** Cancelling a Requested or Pending buy, with the maker's reason. */
export async function requestBuyCancellation(
  db: Database,
  transactionId: string,
  reason: string,
  maker: Person,
  ip: string | null,
): Promise<Approval> {
  const transaction = await transactionRef(db, transactionId);
  const move =
    transaction.status === 'Requested' ? 'operator_cancel_request' : 'operator_cancel_buy';
  const planned = planMove(
    {
      type: 'buy',
      status: transaction.status as TransactionStatus,
      ownerUserId: '',
      expiresAt: null,
    },
    { move, reason },
    { kind: 'operator', userId: maker.id },
    new Date(),
  );
  if (!planned.ok) throw new AppError(planned.code, planned.message);
  return requestApproval(db, { kind: 'buy_cancellation', transaction, reason }, maker, ip);
}

/** Deciding a deposit goes back to its sender. */
export async function requestDepositRefund(
  db: Database,
  depositId: string,
  input: { reason: RefundReason; transactionId?: string | undefined; note?: string | undefined },
  maker: Person,
  ip: string | null,
): Promise<Approval> {
  const { transactionId } = await checkRefund(db, depositId, input);
  const [deposit, transaction] = await Promise.all([
    depositRef(db, depositId),
    transactionId ? transactionRef(db, transactionId) : Promise.resolve(null),
  ]);
  return requestApproval(
    db,
    {
      kind: 'deposit_refund',
      deposit,
      reason: input.reason,
      transaction,
      note: input.note ?? null,
    },
    maker,
    ip,
  );
}

/** New rates beyond the deviation, confirmed by the maker (the rates route checked the rest). */
export async function requestRateChange(
  db: Database,
  asset: string,
  from: { buyRateKrw: string; sellRateKrw: string },
  to: { buyRateKrw: string; sellRateKrw: string },
  maker: Person,
  ip: string | null,
): Promise<Approval> {
  return requestApproval(db, { kind: 'rate_change', asset, from, to }, maker, ip);
}

/** A new receiving account for an agency; the old one stays in force until approved. */
export async function requestAgencyBankAccount(
  db: Database,
  agency: { id: string; code: string; name: string },
  from: BankAccount | null,
  to: BankAccount,
  maker: Person,
  ip: string | null,
): Promise<Approval> {
  return requestApproval(db, { kind: 'agency_bank_account', agency, from, to }, maker, ip);
}

/** Making a user an operator. */
export async function requestOperatorRole(
  db: Database,
  user: { id: string; name: string; email: string },
  fromRole: UserRole,
  maker: Person,
  ip: string | null,
): Promise<Approval> {
  return requestApproval(
    db,
    { kind: 'operator_role', user, fromRole, toRole: 'operator' },
    maker,
    ip,
  );
}
