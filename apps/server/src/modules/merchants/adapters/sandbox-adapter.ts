import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, gte, sql } from 'drizzle-orm';
import type { Database } from '@server/db/client';
import { sandboxMerchantAccounts, sandboxMerchantTransfers } from '@server/db/schema';
import { hashPassword, verifyAgainstNobody, verifyPassword } from '@server/modules/auth/passwords';
import {
  MerchantError,
  type LinkedAccount,
  type MerchantAdapter,
  type Transfer,
  type TransferResult,
} from '@server/modules/merchants/adapter';
import { isPositiveAmount, MERCHANT_DECIMAL_PATTERN } from './decimal';
import { trimDecimal } from '@portal/contract/decimal';

/**
 * The sandbox merchant built into the server (embedded default and demos): its books are the
 * sandbox_merchant_accounts and sandbox_merchant_transfers tables, and it behaves like the HTTP
 * API — same answers, same errors, same idempotency — without a network in between.
 *
 * Link tokens: HMAC-SHA256 keyed with the account's stored password hash (secret, salted, never
 * leaves the database) over the merchant id and account number. Nobody without the database can
 * make one, each is checked in constant time on use, and changing the password (a new hash)
 * invalidates every earlier link, as a real merchant would.
 *
 * Money: amounts go to PostgreSQL as text and are added there as NUMERIC; a debit only applies
 * `where balance >= amount`, and the table's CHECK (balance >= 0) makes an overdraft impossible
 * even if that condition were ever wrong.
 */
export function createSandboxMerchantAdapter(db: Database, merchantId: string): MerchantAdapter {
  async function findAccount(executor: Database, accountNumber: string) {
    const [row] = await executor
      .select()
      .from(sandboxMerchantAccounts)
      .where(
        and(
          eq(sandboxMerchantAccounts.merchantId, merchantId),
          eq(sandboxMerchantAccounts.accountNumber, accountNumber),
        ),
      );
    return row;
  }

  async function linkedAccount(executor: Database, account: LinkedAccount) {
    const row = await findAccount(executor, account.accountNumber);
    // A closed account's links stop working, as a real merchant's would (docs/decisions/011).
    if (!row || row.closedAt || !tokenMatches(linkTokenFor(merchantId, row), account.linkToken)) {
      throw new MerchantError('link_invalid', 'The sandbox no longer accepts this account link.');
    }
    return row;
  }

  async function move(
    kind: 'credit' | 'debit',
    transfer: Transfer,
    signal: AbortSignal,
  ): Promise<TransferResult> {
    notCancelled(signal, kind);
    if (!isPositiveAmount(transfer.amount) || transfer.idempotencyKey === '') {
      throw new MerchantError('unavailable', `Sandbox ${kind}: invalid request`, {
        reason: 'invalid_request',
      });
    }
    const earlier = await replayOf(kind, transfer);
    if (earlier) return earlier;

    const applied = await db
      .transaction(async (tx) => {
        await linkedAccount(tx as unknown as Database, transfer);
        const amount = sql`${transfer.amount}::numeric`;
        const [updated] = await tx
          .update(sandboxMerchantAccounts)
          .set({
            balance:
              kind === 'credit'
                ? sql`${sandboxMerchantAccounts.balance} + ${amount}`
                : sql`${sandboxMerchantAccounts.balance} - ${amount}`,
          })
          .where(
            and(
              eq(sandboxMerchantAccounts.merchantId, merchantId),
              eq(sandboxMerchantAccounts.accountNumber, transfer.accountNumber),
              kind === 'debit' ? gte(sandboxMerchantAccounts.balance, amount) : undefined,
            ),
          )
          .returning({ balance: sandboxMerchantAccounts.balance });
        if (!updated) throw new MerchantError('insufficient_funds', 'The account has too little.');
        // A concurrent call with the same key waits here until the first commits, then finds
        // the key taken: this transaction rolls back and the stored result is returned.
        const [inserted] = await tx
          .insert(sandboxMerchantTransfers)
          .values({
            idempotencyKey: transfer.idempotencyKey,
            merchantId,
            accountNumber: transfer.accountNumber,
            kind,
            amount: transfer.amount,
            balanceAfter: updated.balance,
          })
          .onConflictDoNothing()
          .returning({ key: sandboxMerchantTransfers.idempotencyKey });
        if (!inserted) throw new KeyTaken();
        return {
          transferId: transfer.idempotencyKey,
          balanceAfter: trimDecimal(updated.balance),
          replayed: false,
        };
      })
      .catch(async (error: unknown) => {
        if (error instanceof KeyTaken) {
          const replay = await replayOf(kind, transfer);
          if (replay) return replay;
        }
        throw toMerchantError(kind, error);
      });
    return applied;
  }

  /** The stored result when this key was applied before; an error when it was for another request. */
  async function replayOf(kind: 'credit' | 'debit', transfer: Transfer) {
    const [stored] = await db
      .select()
      .from(sandboxMerchantTransfers)
      .where(eq(sandboxMerchantTransfers.idempotencyKey, transfer.idempotencyKey));
    if (!stored) return undefined;
    const same =
      stored.merchantId === merchantId &&
      stored.accountNumber === transfer.accountNumber &&
      stored.kind === kind &&
      trimDecimal(stored.amount) === trimDecimal(transfer.amount);
    if (!same) {
      throw new MerchantError('unavailable', `Sandbox ${kind}: idempotency key already used`, {
        reason: 'idempotency_conflict',
      });
    }
    // Like a real merchant, the link is still checked on a replay.
    await linkedAccount(db, transfer);
    return {
      transferId: stored.idempotencyKey,
      balanceAfter: trimDecimal(stored.balanceAfter),
      replayed: true,
    };
  }

  return {
    async verifyAccount({ accountNumber, password }, signal) {
      notCancelled(signal, 'verify');
      const row = await findAccount(db, accountNumber).catch((error: unknown) => {
        throw toMerchantError('verify', error);
      });
      // An unknown account costs as much as a wrong password, and gets the same answer.
      const matches = row
        ? await verifyPassword(row.passwordHash, password)
        : await verifyAgainstNobody(password);
      // A closed account is refused like a wrong password: nothing tells it apart.
      if (!row || row.closedAt || !matches) {
        throw new MerchantError('rejected_credentials', 'The sandbox rejected the account.');
      }
      return { holderName: row.holderName, linkToken: linkTokenFor(merchantId, row) };
    },
    async getBalance(account, signal) {
      notCancelled(signal, 'balance');
      const row = await linkedAccount(db, account).catch((error: unknown) => {
        throw toMerchantError('balance', error);
      });
      return { balance: trimDecimal(row.balance) };
    },
    credit: (transfer, signal) => move('credit', transfer, signal).catch(rethrow('credit')),
    debit: (transfer, signal) => move('debit', transfer, signal).catch(rethrow('debit')),
  };
}

export interface SandboxAccountSeed {
  accountNumber: string;
  password: string;
  holderName: string;
  /** Decimal string. */
  balance: string;
}

/**
 * Creates an account at a sandbox merchant (demo data, tests). An existing account is left as it
 * is, so seeding again never resets a balance.
 */
export async function seedSandboxAccount(
  db: Database,
  merchantId: string,
  seed: SandboxAccountSeed,
): Promise<void> {
  if (!MERCHANT_DECIMAL_PATTERN.test(seed.balance)) {
    throw new Error(`Invalid sandbox balance for ${seed.accountNumber}`);
  }
  await db
    .insert(sandboxMerchantAccounts)
    .values({
      merchantId,
      accountNumber: seed.accountNumber,
      passwordHash: await hashPassword(seed.password),
      holderName: seed.holderName,
      balance: seed.balance,
    })
    .onConflictDoNothing();
}

class KeyTaken extends Error {}

const LINK_TOKEN_VERSION = 'sbx1';

function linkTokenFor(
  merchantId: string,
  row: { accountNumber: string; passwordHash: string },
): string {
  const mac = createHmac('sha256', row.passwordHash)
    .update(`sandbox-link\n${merchantId}\n${row.accountNumber}`)
    .digest('base64url');
  return `${LINK_TOKEN_VERSION}.${mac}`;
}

function tokenMatches(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** PostgreSQL's SQLSTATE for a failed CHECK constraint (the no-overdraft rule). */
const CHECK_VIOLATION = '23514';

function hasCode(error: unknown, code: string): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    if (typeof current !== 'object') return false;
    if ((current as { code?: unknown }).code === code) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

function toMerchantError(operation: string, error: unknown): MerchantError {
  if (error instanceof MerchantError) return error;
  if (hasCode(error, CHECK_VIOLATION)) {
    return new MerchantError('insufficient_funds', 'The account has too little.');
  }
  if (error instanceof Error && error.name === 'AbortError') {
    return new MerchantError('unavailable', `Sandbox ${operation}: cancelled`, {
      reason: 'cancelled',
      cause: error,
    });
  }
  return new MerchantError('unavailable', `Sandbox ${operation}: database error`, {
    reason: 'server_error',
    cause: error,
  });
}

/** The sandbox answers at once, so the caller's signal is only checked before starting. */
function notCancelled(signal: AbortSignal, operation: string): void {
  if (signal.aborted) {
    throw new MerchantError('unavailable', `Sandbox ${operation}: cancelled`, {
      reason: 'cancelled',
    });
  }
}

function rethrow(operation: string) {
  return (error: unknown): never => {
    throw toMerchantError(operation, error);
  };
}
