import type { AgencyBankAccountResponse, BankAccount } from '@portal/contract/agency-bank-account';
import { eq } from 'drizzle-orm';
import type { Database } from '@server/db/client';
import { agencies } from '@server/db/schema';
import { AppError } from '@server/lib/errors';
import { recordAuditEvent } from '@server/modules/audit/audit-log';

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

function toResponse(row: AgencyRow): AgencyBankAccountResponse {
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
  return toResponse(row);
}

export interface BankAccountChange {
  agencyId: string;
  actorUserId: string;
  ip: string | null;
  account: BankAccount;
}

/**
 * Replaces an agency's bank account and records who did it, in one transaction with the agency's
 * row locked, so two editors cannot interleave and the audit log never misses a change. Saving the
 * same account again changes nothing and records nothing.
 */
export async function changeAgencyBankAccount(
  db: Database,
  change: BankAccountChange,
): Promise<AgencyBankAccountResponse> {
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
      },
    });
    return toResponse(after!);
  });
}
