import { randomInt, randomUUID } from 'node:crypto';
import type {
  OpenedSandboxAccount,
  OperatorSandboxAccount,
  SandboxAccount,
} from '@portal/contract/sandbox';
import { and, asc, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '@server/db/client';
import {
  merchants,
  sandboxMerchantAccounts,
  sandboxMerchantTransfers,
  users,
} from '@server/db/schema';
import { AppError } from '@server/lib/errors';
import { hashPassword } from '@server/modules/auth/passwords';
import { trimDecimal } from '@portal/contract/decimal';
import type { MerchantRow } from '@server/modules/merchants/repository';

/** Letters and digits nobody confuses when copying by hand (no 0/O, 1/l/I). */
const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
const PASSWORD_LENGTH = 12;
/** A clash among 10^8 numbers is rare; a few tries make a failure practically impossible. */
const NUMBER_ATTEMPTS = 5;

function randomPassword(): string {
  return Array.from(
    { length: PASSWORD_LENGTH },
    () => PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)],
  ).join('');
}

function randomAccountNumber(): string {
  const four = () => String(randomInt(10_000)).padStart(4, '0');
  return `SBX-${four()}-${four()}`;
}

/**
 * Opens an account at a sandbox merchant in the user's name with `startingBalance`. The user's
 * row is locked while their open accounts there are counted, so concurrent calls cannot pass
 * `limit` together. The password is hashed as seeded accounts' are and returned this once.
 */
export async function openSandboxAccount(
  db: Database,
  input: { userId: string; merchant: MerchantRow; startingBalance: string; limit: number },
): Promise<OpenedSandboxAccount> {
  const { merchant } = input;
  const password = randomPassword();
  // Hashed before the transaction: the lock on the user's row is held only for the count and
  // the insert.
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ name: users.name })
      .from(users)
      .where(eq(users.id, input.userId))
      .for('update');
    if (!user) throw new AppError('UNAUTHENTICATED');
    const [open] = await tx
      .select({ n: count() })
      .from(sandboxMerchantAccounts)
      .where(
        and(
          eq(sandboxMerchantAccounts.openedBy, input.userId),
          eq(sandboxMerchantAccounts.merchantId, merchant.id),
          isNull(sandboxMerchantAccounts.closedAt),
        ),
      );
    if ((open?.n ?? 0) >= input.limit) {
      throw new AppError(
        'SANDBOX_ACCOUNT_LIMIT',
        `You already have ${input.limit} open sandbox accounts at this merchant.`,
      );
    }
    for (let attempt = 0; attempt < NUMBER_ATTEMPTS; attempt += 1) {
      const [row] = await tx
        .insert(sandboxMerchantAccounts)
        .values({
          merchantId: merchant.id,
          accountNumber: randomAccountNumber(),
          passwordHash,
          holderName: user.name,
          balance: input.startingBalance,
          openedBy: input.userId,
        })
        .onConflictDoNothing()
        .returning();
      if (row) {
        return {
          merchant: { id: merchant.id, name: merchant.name, asset: merchant.asset },
          accountNumber: row.accountNumber,
          password,
          holderName: row.holderName,
          balance: trimDecimal(row.balance),
        };
      }
    }
    throw new Error('No free sandbox account number after several tries.');
  });
}

/** The user's own sandbox accounts, newest first; never a password. */
export async function listOwnSandboxAccounts(
  db: Database,
  userId: string,
): Promise<SandboxAccount[]> {
  const rows = await db
    .select({
      account: sandboxMerchantAccounts,
      merchant: { id: merchants.id, name: merchants.name, asset: merchants.asset },
    })
    .from(sandboxMerchantAccounts)
    .innerJoin(merchants, eq(merchants.id, sandboxMerchantAccounts.merchantId))
    .where(eq(sandboxMerchantAccounts.openedBy, userId))
    .orderBy(desc(sandboxMerchantAccounts.openedAt), asc(sandboxMerchantAccounts.accountNumber));
  return rows.map(({ account, merchant }) => ({
    merchant,
    accountNumber: account.accountNumber,
    holderName: account.holderName,
    balance: trimDecimal(account.balance),
    openedAt: account.openedAt.toISOString(),
    closedAt: account.closedAt?.toISOString() ?? null,
  }));
}

/** A sandbox merchant's whole book, for operators: open accounts first, newest first. */
export async function listMerchantSandboxAccounts(
  db: Database,
  merchantId: string,
): Promise<OperatorSandboxAccount[]> {
  const rows = await db
    .select({
      account: sandboxMerchantAccounts,
      opener: { id: users.id, name: users.name, email: users.email },
    })
    .from(sandboxMerchantAccounts)
    .leftJoin(users, eq(users.id, sandboxMerchantAccounts.openedBy))
    .where(eq(sandboxMerchantAccounts.merchantId, merchantId))
    .orderBy(
      sql`${sandboxMerchantAccounts.closedAt} is not null`,
      desc(sandboxMerchantAccounts.openedAt),
      asc(sandboxMerchantAccounts.accountNumber),
    );
  return rows.map(({ account, opener }) => toOperatorSandboxAccount(account, opener));
}

type SandboxAccountRow = typeof sandboxMerchantAccounts.$inferSelect;
type Opener = { id: string; name: string; email: string } | null;
type Recorder = (tx: Database, account: OperatorSandboxAccount) => Promise<void>;

function toOperatorSandboxAccount(
  account: SandboxAccountRow,
  opener: Opener,
): OperatorSandboxAccount {
  return {
    accountNumber: account.accountNumber,
    holderName: account.holderName,
    balance: trimDecimal(account.balance),
    openedBy: opener,
    openedAt: account.openedAt.toISOString(),
    closedAt: account.closedAt?.toISOString() ?? null,
  };
}

function accountIs(merchantId: string, accountNumber: string) {
  return and(
    eq(sandboxMerchantAccounts.merchantId, merchantId),
    eq(sandboxMerchantAccounts.accountNumber, accountNumber),
  );
}

async function lockedAccount(tx: Database, merchantId: string, accountNumber: string) {
  const [row] = await tx
    .select()
    .from(sandboxMerchantAccounts)
    .where(accountIs(merchantId, accountNumber))
    .for('update');
  if (!row) throw new AppError('NOT_FOUND', 'This sandbox account does not exist.');
  return row;
}

async function openerOf(tx: Database, userId: string | null): Promise<Opener> {
  if (!userId) return null;
  const [row] = await tx
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

/**
 * Adds `amount` to an open account's balance, and records it as a credit in the merchant's
 * transfers with a fresh key, so the sandbox's books explain every balance.
 */
export async function topUpSandboxAccount(
  db: Database,
  merchantId: string,
  accountNumber: string,
  amount: string,
  /** Runs in the same transaction (the audit event), so the change and its record go together. */
  record: Recorder,
): Promise<OperatorSandboxAccount> {
  return db.transaction(async (tx) => {
    const current = await lockedAccount(tx as unknown as Database, merchantId, accountNumber);
    if (current.closedAt) {
      throw new AppError('CONFLICT', 'This sandbox account is closed; it cannot be topped up.');
    }
    const [updated] = await tx
      .update(sandboxMerchantAccounts)
      .set({ balance: sql`${sandboxMerchantAccounts.balance} + ${amount}::numeric` })
      .where(accountIs(merchantId, accountNumber))
      .returning();
    if (!updated) throw new AppError('NOT_FOUND', 'This sandbox account does not exist.');
    await tx.insert(sandboxMerchantTransfers).values({
      idempotencyKey: `sandbox-top-up:${randomUUID()}`,
      merchantId,
      accountNumber,
      kind: 'credit',
      amount,
      balanceAfter: updated.balance,
    });
    const account = toOperatorSandboxAccount(
      updated,
      await openerOf(tx as unknown as Database, updated.openedBy),
    );
    await record(tx as unknown as Database, account);
    return account;
  });
}

/** Closes an account: it stops verifying and its links stop working. Closing twice is refused. */
export async function closeSandboxAccount(
  db: Database,
  merchantId: string,
  accountNumber: string,
  record: Recorder,
): Promise<OperatorSandboxAccount> {
  return db.transaction(async (tx) => {
    const current = await lockedAccount(tx as unknown as Database, merchantId, accountNumber);
    if (current.closedAt) {
      throw new AppError('CONFLICT', 'This sandbox account is already closed.');
    }
    const [updated] = await tx
      .update(sandboxMerchantAccounts)
      .set({ closedAt: sql`now()` })
      .where(accountIs(merchantId, accountNumber))
      .returning();
    if (!updated) throw new AppError('NOT_FOUND', 'This sandbox account does not exist.');
    const account = toOperatorSandboxAccount(
      updated,
      await openerOf(tx as unknown as Database, updated.openedBy),
    );
    await record(tx as unknown as Database, account);
    return account;
  });
}
