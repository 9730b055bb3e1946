import { findKoreanBank, type PayeeRequest, type PayeeResponse } from '@portal/contract/payees';
import { eq } from 'drizzle-orm';
import type { Database } from '@server/db/client';
import { payeeAccounts, users } from '@server/db/schema';
import { AppError } from '@server/lib/errors';
import { recordAuditEvent } from '@server/modules/audit/audit-log';

export type PayeeRow = typeof payeeAccounts.$inferSelect;

function toResponse(row: PayeeRow): PayeeResponse {
  const bank = findKoreanBank(row.bankCode);
  return {
    bankCode: row.bankCode,
    ...(bank ? { bankName: bank.en } : {}),
    accountNumber: row.accountNumber,
    holderName: row.holderName,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function findPayeeRow(db: Database, userId: string): Promise<PayeeRow | undefined> {
  const [row] = await db.select().from(payeeAccounts).where(eq(payeeAccounts.userId, userId));
  return row;
}

export async function findPayee(db: Database, userId: string): Promise<PayeeResponse | null> {
  const row = await findPayeeRow(db, userId);
  return row ? toResponse(row) : null;
}

/**
 * Registers or replaces the user's payee. The holder is always the user's own name (the verified
 * name once verified; docs/decisions/010): the portal pays a seller's won only into an account in
 * the seller's name. Sells already made keep the payee they were made with.
 */
export async function savePayee(
  db: Database,
  change: { userId: string; ip: string | null; payee: PayeeRequest },
): Promise<{ payee: PayeeResponse; changed: boolean }> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ name: users.name })
      .from(users)
      .where(eq(users.id, change.userId))
      .for('update');
    if (!user) throw new AppError('NOT_FOUND', 'This user does not exist.');
    const [before] = await tx
      .select()
      .from(payeeAccounts)
      .where(eq(payeeAccounts.userId, change.userId));
    const { bankCode, accountNumber } = change.payee;
    const holderName = user.name;
    if (
      before &&
      before.bankCode === bankCode &&
      before.accountNumber === accountNumber &&
      before.holderName === holderName
    ) {
      return { payee: toResponse(before), changed: false };
    }
    const now = new Date();
    const [after] = await tx
      .insert(payeeAccounts)
      .values({ userId: change.userId, bankCode, accountNumber, holderName, updatedAt: now })
      .onConflictDoUpdate({
        target: payeeAccounts.userId,
        set: { bankCode, accountNumber, holderName, updatedAt: now },
      })
      .returning();
    await recordAuditEvent(tx, {
      action: 'payee_changed',
      actorUserId: change.userId,
      ip: change.ip,
      // Where the user's won goes: the log keeps both sides of the change.
      details: {
        from: before ? { bankCode: before.bankCode, accountNumber: before.accountNumber } : null,
        to: { bankCode, accountNumber },
        holderName,
      },
    });
    return { payee: toResponse(after!), changed: true };
  });
}
