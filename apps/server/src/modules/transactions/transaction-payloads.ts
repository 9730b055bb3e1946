import { trimDecimal } from '@portal/contract/decimal';
import { findKoreanBank, type Payee } from '@portal/contract/payees';
import {
  DEBIT_FAILURES,
  type AgencyTransaction,
  type DebitFailure,
  type DepositInstructions,
  type OperatorTransaction,
  type Transaction,
} from '@portal/contract/transactions';
import type { transactions } from '@server/db/schema';

/**
 * A transaction row (with its merchant and user) as the contract's payloads: what the user, the
 * operator and an agency see of it. The queries that read the rows are in `repository.ts`.
 */

export type TransactionRow = typeof transactions.$inferSelect;

export type JoinedRow = {
  cursorAt: string;
  transaction: TransactionRow;
  merchant: { id: string; code: string; name: string; asset: string };
  user: { id: string; name: string; email: string };
};

/** A row of an export: a list's row with the bank reference of the deposit that paid a buy. */
export type ExportRow = JoinedRow & { depositReference: string | null };

/** What to pay and where: the account the buy kept when it was made, never the agency's
 * current one (docs/decisions/010). */
function depositInstructions(row: JoinedRow): DepositInstructions | null {
  const { transaction } = row;
  if (transaction.type !== 'buy' || transaction.status !== 'Requested') return null;
  const { depositBankName, depositAccountNumber, depositAccountHolder } = transaction;
  if (!depositBankName || !depositAccountNumber || !depositAccountHolder) return null;
  return {
    bankName: depositBankName,
    accountNumber: depositAccountNumber,
    accountHolder: depositAccountHolder,
    depositorName: row.user.name,
    amountKrw: transaction.totalKrw,
  };
}

export function toTransaction(row: JoinedRow): Transaction {
  const t = row.transaction;
  return {
    id: t.id,
    number: t.number,
    type: t.type,
    status: t.status,
    merchant: row.merchant,
    account: { id: t.accountId ?? '', name: t.accountName, accountNumber: t.accountNumber },
    amount: trimDecimal(t.amount),
    rateKrw: trimDecimal(t.rateKrw),
    totalKrw: t.totalKrw,
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
    expiresAt: t.expiresAt?.toISOString() ?? null,
    completedAt: t.completedAt?.toISOString() ?? null,
    delayReason: t.delayReason,
    payoutReference: t.payoutReference,
    creditStatus: t.creditStatus,
    depositInstructions: depositInstructions(row),
    payee: sellPayee(t),
    debit:
      t.type === 'sell'
        ? {
            sentAt: t.debitSentAt?.toISOString() ?? null,
            confirmedAt: t.debitConfirmedAt?.toISOString() ?? null,
            failure: isDebitFailure(t.debitFailure) ? t.debitFailure : null,
          }
        : null,
    requested:
      t.requestedAmount && t.requestedTotalKrw
        ? { amount: trimDecimal(t.requestedAmount), totalKrw: t.requestedTotalKrw }
        : null,
  };
}

const isDebitFailure = (value: string | null): value is DebitFailure =>
  (DEBIT_FAILURES as readonly (string | null)[]).includes(value);

/** Where a sell's won is paid: the payee the sell kept when it was made (docs/decisions/010). */
function sellPayee(t: TransactionRow): Payee | null {
  if (t.type !== 'sell' || !t.payeeBankCode || !t.payeeAccountNumber) return null;
  const bank = findKoreanBank(t.payeeBankCode);
  return {
    bankCode: t.payeeBankCode,
    ...(bank ? { bankName: bank.en } : {}),
    accountNumber: t.payeeAccountNumber,
    holderName: t.payeeHolderName ?? '',
  };
}

export function toOperatorTransaction(row: JoinedRow): OperatorTransaction {
  return { ...toTransaction(row), user: row.user };
}

export function toAgencyTransaction(row: JoinedRow): AgencyTransaction {
  return { ...toTransaction(row), client: row.user };
}
