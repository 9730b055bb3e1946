import type { ApprovalAction, ApprovalKind } from '@portal/contract/approvals';
import type { Database } from '@server/db/client';
import { changeAgencyBankAccount } from '@server/modules/agency-bank-account/repository';
import type { ApprovalRecord } from '@server/modules/audit/audit-log';
import { matchDeposit, refundDeposit } from '@server/modules/deposits/decisions';
import { setRate } from '@server/modules/rates/repository';
import { cancelByOperator } from '@server/modules/transactions/operator-cancel';
import { changeUserRole } from '@server/modules/users/roles';

export interface CarryOut {
  /** The checker, who carries the action out. */
  checkerId: string;
  ip: string | null;
  approval: ApprovalRecord;
}

type ActionOf<K extends ApprovalKind> = Extract<ApprovalAction, { kind: K }>;
type Executor<K extends ApprovalKind> = (
  tx: Database,
  action: ActionOf<K>,
  context: CarryOut,
) => Promise<unknown>;

/**
 * How each kind is carried out on approval, inside the approval's database transaction, by the
 * owning module's own function (docs/decisions/017): a refusal there (the buy was paid meanwhile)
 * undoes the approval too, which stays pending. The payout is not here: it calls the merchant,
 * so it runs after the approval is committed (service.ts).
 */
export const EXECUTORS: { [K in Exclude<ApprovalKind, 'payout'>]: Executor<K> } = {
  deposit_match: (tx, action, { checkerId, ip, approval }) =>
    matchDeposit(
      tx,
      action.deposit.id,
      {
        transactionId: action.transaction.id,
        acceptAmountDifference: action.differenceKrw !== '0',
        ...(action.note !== null ? { note: action.note } : {}),
      },
      { userId: checkerId, ip, approval },
    ),
  deposit_refund: (tx, action, { checkerId, ip, approval }) =>
    refundDeposit(
      tx,
      action.deposit.id,
      {
        reason: action.reason,
        ...(action.transaction ? { transactionId: action.transaction.id } : {}),
        ...(action.note !== null ? { note: action.note } : {}),
      },
      { userId: checkerId, ip, approval },
    ),
  buy_cancellation: (tx, action, { checkerId, ip, approval }) =>
    cancelByOperator(tx, action.transaction.id, action.reason, { userId: checkerId, ip, approval }),
  rate_change: (tx, action, { checkerId, ip, approval }) =>
    setRate(tx, {
      asset: action.asset,
      buyRateKrw: action.to.buyRateKrw,
      sellRateKrw: action.to.sellRateKrw,
      confirmDeviation: true,
      setBy: checkerId,
      ip,
      approval,
    }),
  agency_bank_account: (tx, action, { checkerId, ip, approval }) =>
    changeAgencyBankAccount(tx, {
      agencyId: action.agency.id,
      actorUserId: checkerId,
      ip,
      account: action.to,
      approval,
    }),
  operator_role: (tx, action, { checkerId, ip, approval }) =>
    changeUserRole(tx, {
      actorId: checkerId,
      userId: action.user.id,
      role: action.toRole,
      ip,
      approval,
    }),
};
