import type { AgencyBankAccountResponse, BankAccount } from '@portal/contract/agency-bank-account';
import { eq } from 'drizzle-orm';
import type { Database } from '@server/db/client';
import { agencies } from '@server/db/schema';
import { AppError } from '@server/lib/errors';
import { approvalsFor } from '@server/modules/approvals/repository';
import {
  approvalDetails,
  recordAuditEvent,
  type ApprovalRecord,
} from '@server/modules/audit/audit-log';

const columns = {
  id: agencies.id,
  code: agencies.code,
  name: agencies.name,
  bankName: agencies.bankName,
  accountNumber: agencies.bankAccountNumber,
  accountHolder: agencies.bankAccountHolder,
};

type AgencyRow = {
  id: string;
  code: string;
  name: string;
  bankName: string | null;
  accountNumber: string | null;
  accountHolder: string | null;
};

type AccountInForce = Omit<AgencyBankAccountResponse, 'proposal' | 'lastRejected'>;

function toResponse(row: AgencyRow): AccountInForce {
  const { bankName, accountNumber, accountHolder } = row;
  return {
    agency: { id: row.id, code: row.code, name: row.name },
    // All three, or none: a half-set account must never be shown to a payer.
    account:
      bankName && accountNumber && accountHolder
        ? { bankName, accountNumber, accountHolder }
        : null,
  };
}

export async function findAgencyBankAccount(
  db: Database,
  agencyId: string,
): Promise<AgencyBankAccountResponse> {
  const [row] = await db.select(columns).from(agencies).where(eq(agencies.id, agencyId));
  if (!row) throw new AppError('NOT_FOUND', 'This agency does not exist.');
  // The account in force, and beside it the new one waiting for an operator (docs/decisions/017)
  // or, when the latest decision on a new account was a rejection, that one with its reason.
  const asked = (await approvalsFor(db, { agencyId })).filter(
    (approval) => approval.action.kind === 'agency_bank_account',
  );
  const lastDecided = asked.find(
    (approval) => approval.status === 'approved' || approval.status === 'rejected',
  );
  return {
    ...toResponse(row),
    proposal: asked.find((approval) => approval.status === 'pending') ?? null,
    lastRejected: lastDecided?.status === 'rejected' ? lastDecided : null,
  };
}

/** The account in force and the agency, for a change to be asked (docs/decisions/017). */
export async function agencyAccountInForce(
  db: Database,
  agencyId: string,
): Promise<AccountInForce> {
  const [row] = await db.select(columns).from(agencies).where(eq(agencies.id, agencyId));
  if (!row) throw new AppError('NOT_FOUND', 'This agency does not exist.');
  return toResponse(row);
}

/** Whether two accounts are the same, field by field as saved. */
export function sameAccount(a: BankAccount | null, b: BankAccount | null): boolean {
  return (
    a?.bankName === b?.bankName &&
    a?.accountNumber === b?.accountNumber &&
    a?.accountHolder === b?.accountHolder
  );
}

export interface BankAccountChange {
  agencyId: string;
  actorUserId: string;
  ip: string | null;
  account: BankAccount;
  /** Replaced on a second operator's approval (docs/decisions/017). */
  approval?: ApprovalRecord;
}

/**
 * Replaces an agency's bank account and records who did it, in one transaction with the agency's
 * row locked, so two editors cannot interleave and the audit log never misses a change. Saving the
 * same account again changes nothing and records nothing.
 */
export async function changeAgencyBankAccount(
  db: Database,
  change: BankAccountChange,
): Promise<AccountInForce> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select(columns)
      .from(agencies)
      .where(eq(agencies.id, change.agencyId))
      .for('update');
    if (!before) throw new AppError('NOT_FOUND', 'This agency does not exist.');
    const { bankName, accountNumber, accountHolder } = change.account;
    const changed = (
      [
        ['bankName', before.bankName, bankName],
        ['accountNumber', before.accountNumber, accountNumber],
        ['accountHolder', before.accountHolder, accountHolder],
      ] as const
    )
      .filter(([, from, to]) => from !== to)
      .map(([field]) => field);
    if (changed.length === 0) return toResponse(before);

    const [after] = await tx
      .update(agencies)
      .set({ bankName, bankAccountNumber: accountNumber, bankAccountHolder: accountHolder })
      .where(eq(agencies.id, change.agencyId))
      .returning(columns);
    await recordAuditEvent(tx, {
      action: 'agency_bank_account_changed',
      actorUserId: change.actorUserId,
      // Approved: about the one who asked for it (the agency user, or an operator).
      subjectUserId: change.approval?.requestedBy.id ?? change.actorUserId,
      ip: change.ip,
      // The account is what clients pay into, so the log keeps both sides of the change.
      details: {
        agencyId: change.agencyId,
        agencyCode: before.code,
        changed,
        from: before.accountNumber
          ? {
              bankName: before.bankName,
              accountNumber: before.accountNumber,
              accountHolder: before.accountHolder,
            }
          : null,
        to: { bankName, accountNumber, accountHolder },
        ...approvalDetails(change.approval),
      },
    });
    return toResponse(after!);
  });
}
