import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '@server/db/client';
import { trimDecimal } from '@portal/contract/decimal';
import { ledgerAccounts, ledgerEntries, ledgerPostings } from '@server/db/schema';
import { isCheckViolation } from '@server/db/errors';

/**
 * The double-entry ledger (docs/PRODUCT.md "Ledger"). Per saved merchant account there are two ledger
 * accounts: `holding`, the asset free to sell, and `reserved`, held by open sell requests (the
 * open position). Per merchant there is one `merchant` account, the other side of every balance
 * reading, credit and settled sale. Balance = holding + reserved; available = holding.
 *
 * The database enforces the rules (migration 0005): balances move only by postings, entries
 * balance, an overdraft violates `ledger_accounts_no_overdraft`. This module only writes entries.
 */

export type EntryKind = (typeof ledgerEntries.$inferInsert)['kind'];

export interface AccountLedger {
  holdingId: string;
  reservedId: string;
  merchantId: string;
}

export interface Posting {
  ledgerAccountId: string;
  /** Signed decimal string; zero postings are dropped. */
  amount: string;
}

/** The constraint an overdraft trips: callers turn it into INSUFFICIENT_BALANCE. */
export const OVERDRAFT_CONSTRAINT = 'ledger_accounts_no_overdraft';

export function isOverdraft(error: unknown): boolean {
  return isCheckViolation(error, OVERDRAFT_CONSTRAINT);
}

/** The ledger accounts of a saved merchant account, created on first use. */
export async function ledgerFor(
  tx: Database,
  account: { id: string; merchantId: string },
): Promise<AccountLedger> {
  await tx
    .insert(ledgerAccounts)
    .values([
      { kind: 'holding', merchantId: account.merchantId, merchantAccountId: account.id },
      { kind: 'reserved', merchantId: account.merchantId, merchantAccountId: account.id },
    ])
    .onConflictDoNothing();
  await tx
    .insert(ledgerAccounts)
    .values({ kind: 'merchant', merchantId: account.merchantId })
    .onConflictDoNothing();
  const rows = await tx
    .select({ id: ledgerAccounts.id, kind: ledgerAccounts.kind })
    .from(ledgerAccounts)
    .where(
      sql`(${ledgerAccounts.merchantAccountId} = ${account.id}) or (${ledgerAccounts.kind} = 'merchant' and ${ledgerAccounts.merchantId} = ${account.merchantId})`,
    );
  const id = (kind: string) => {
    const row = rows.find((candidate) => candidate.kind === kind);
    if (!row) throw new Error(`ledger account ${kind} missing for ${account.id}`);
    return row.id;
  };
  return { holdingId: id('holding'), reservedId: id('reserved'), merchantId: id('merchant') };
}

/**
 * Locks the account's holding and reserved rows, always in the same order (holding first), so
 * concurrent requests on one account queue up instead of deadlocking.
 */
export async function lockAccountLedger(tx: Database, ledger: AccountLedger): Promise<void> {
  await tx.execute(
    sql`select id from ledger_accounts where id in (${ledger.holdingId}, ${ledger.reservedId}) order by kind = 'reserved', id for update`,
  );
}

/** Writes one balanced entry. The deferred trigger refuses it at commit if it does not balance. */
export async function postEntry(
  tx: Database,
  kind: EntryKind,
  transactionId: string | null,
  postings: readonly Posting[],
): Promise<void> {
  const nonZero = postings.filter((posting) => !/^-?0*(\.0*)?$/.test(posting.amount));
  if (nonZero.length === 0) return;
  const [entry] = await tx
    .insert(ledgerEntries)
    .values({ kind, transactionId })
    .returning({ id: ledgerEntries.id });
  await tx
    .insert(ledgerPostings)
    .values(nonZero.map((posting) => ({ entryId: entry!.id, ...posting })));
}

export interface LedgerPosition {
  holding: string;
  reserved: string;
  syncedAt: Date | null;
}

export async function readPosition(
  db: Database,
  merchantAccountId: string,
): Promise<LedgerPosition> {
  const rows = await db
    .select({
      kind: ledgerAccounts.kind,
      balance: ledgerAccounts.balance,
      syncedAt: ledgerAccounts.syncedAt,
    })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.merchantAccountId, merchantAccountId));
  const holding = rows.find((row) => row.kind === 'holding');
  const reserved = rows.find((row) => row.kind === 'reserved');
  return {
    holding: holding?.balance ?? '0',
    reserved: reserved?.balance ?? '0',
    syncedAt: holding?.syncedAt ?? null,
  };
}

/**
 * A marker taken before reading the balance at the merchant: the newest posting that changed
 * what the merchant holds (a settled sale or a delivered credit) on this account. If a newer one
 * appears before the reading is applied, the reading may predate it and is dropped.
 */
export async function settlementMarker(db: Database, merchantAccountId: string): Promise<number> {
  const result = await db.execute<{ marker: string | number | null }>(sql`
    select max(p.id) as marker
      from ledger_postings p
      join ledger_entries e on e.id = p.entry_id
      join ledger_accounts a on a.id = p.ledger_account_id
     where a.merchant_account_id = ${merchantAccountId}
       and e.kind in ('sell_settle', 'buy_credit')`);
  return Number(result.rows[0]?.marker ?? 0);
}

/**
 * Brings `holding` in line with the merchant's own figure: holding + reserved = merchant balance.
 * Runs with the account's rows locked. The difference is posted against the merchant account, so
 * the reading itself is in the ledger. Holding never goes below zero: if the merchant reports less
 * than is reserved, holding becomes zero and the open sells settle or fail with the merchant.
 * Returns false when the reading was dropped as possibly stale.
 */
export async function applyBalanceReading(
  tx: Database,
  ledger: AccountLedger,
  merchantAccountId: string,
  merchantBalance: string,
  marker: number,
): Promise<boolean> {
  if ((await settlementMarker(tx, merchantAccountId)) !== marker) return false;
  const result = await tx.execute<{ holding: string; reserved: string }>(sql`
    select (select balance from ledger_accounts where id = ${ledger.holdingId}) as holding,
           (select balance from ledger_accounts where id = ${ledger.reservedId}) as reserved`);
  const { holding, reserved } = result.rows[0]!;
  const difference = await tx.execute<{ difference: string }>(sql`
    select (greatest(${merchantBalance}::numeric - ${reserved}::numeric, 0) - ${holding}::numeric)::text as difference`);
  const amount = difference.rows[0]!.difference;
  await postEntry(tx, 'balance_reading', null, [
    { ledgerAccountId: ledger.holdingId, amount },
    { ledgerAccountId: ledger.merchantId, amount: negate(amount) },
  ]);
  await tx
    .update(ledgerAccounts)
    .set({ syncedAt: new Date() })
    .where(eq(ledgerAccounts.id, ledger.holdingId));
  return true;
}

export function negate(amount: string): string {
  return amount.startsWith('-') ? amount.slice(1) : `-${amount}`;
}

/** Sum of every posting: zero in a healthy ledger (tests and the reconciliation check). */
export async function ledgerTotal(db: Database): Promise<string> {
  const result = await db.execute<{ total: string | null }>(
    sql`select coalesce(sum(amount), 0)::text as total from ledger_postings`,
  );
  return trimDecimal(result.rows[0]?.total ?? '0');
}

/** Ledger accounts whose stored balance differs from the sum of their postings (should be none). */
export async function driftedAccounts(db: Database, ids?: readonly string[]): Promise<string[]> {
  const rows = await db
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(
      and(
        ids ? inArray(ledgerAccounts.id, [...ids]) : undefined,
        sql`${ledgerAccounts.balance} <> coalesce((select sum(p.amount) from ledger_postings p where p.ledger_account_id = ${ledgerAccounts.id}), 0)`,
      ),
    );
  return rows.map((row) => row.id);
}
