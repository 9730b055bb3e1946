import type { DepositNotification } from '@portal/contract/transactions';
import { sql } from 'drizzle-orm';
import type { Database } from '@server/db/client';
import { jsonRecordset } from '@server/db/recordset';
import { depositorNameKey, nameKeySql } from '@server/db/name-key';
import type { CandidateRequest } from './matching';

/**
 * The buy requests deposits could concern, found and locked in one statement (deposit service).
 * The filter is deliberately looser than the rule; matching.ts decides exactly.
 */

/** How far back a deposit looks for finished requests with its name and amount (for the operator). */
const LOOKBACK_DAYS = 30;

/** The name key of the user `u` (db/name-key.ts): the expression of users_name_key_idx. */
export const NAME_KEY = nameKeySql(sql.raw('u.name'));

/** A locked candidate, with what the database filter below compares, to filter per deposit. */
export interface LockedCandidate extends CandidateRequest {
  nameKey: string;
  clientAgencyId: string | null;
  /** Microseconds since the epoch, as PostgreSQL keeps it. */
  createdAtMicros: bigint;
}

/**
 * Whether a deposit could concern a request: the database filter of `lockCandidates`, applied
 * to one deposit with the statuses as the batch has left them so far. Deliberately looser than
 * the rule (names compared without any spaces); matching.ts decides exactly.
 */
export function concerns(candidate: LockedCandidate, input: DepositNotification, receivedAt: Date) {
  const sameAmount = sameNumber(candidate.amountKrw, input.amountKrw);
  if (candidate.status === 'Requested' && sameAmount) return true;
  if (candidate.nameKey !== depositorNameKey(input.depositorName)) return false;
  return (
    candidate.status === 'Requested' ||
    (sameAmount && candidate.createdAtMicros >= BigInt(lookbackFrom(receivedAt)) * 1000n)
  );
}

/** Numeric equality of two whole-won strings, as PostgreSQL compares numeric values. */
function sameNumber(a: string, b: string): boolean {
  const digits = /^\s*\d+\s*$/;
  return digits.test(a) && digits.test(b) && BigInt(a.trim()) === BigInt(b.trim());
}

function lookbackFrom(receivedAt: Date): number {
  return receivedAt.getTime() - LOOKBACK_DAYS * 24 * 60 * 60 * 1000;
}

/**
 * The buy requests the deposits could concern, locked in id order: every open one with one of
 * their amounts or (roughly) names, and recent finished ones with both.
 */
export async function lockCandidates(
  tx: Database,
  inputs: readonly DepositNotification[],
): Promise<LockedCandidate[]> {
  if (inputs.length === 0) return [];
  const wanted = inputs.map((input) => ({
    amount: input.amountKrw,
    name_key: depositorNameKey(input.depositorName),
    lookback: new Date(lookbackFrom(new Date(input.receivedAt))).toISOString(),
  }));
  const result = await tx.execute<{
    id: string;
    user_id: string;
    client_agency_id: string | null;
    name: string;
    name_key: string;
    total_krw: string;
    created_at: string | Date;
    created_at_us: string;
    status: CandidateRequest['status'];
    expires_at: string | Date;
    deposit_account_number: string | null;
  }>(sql`
    with d as (
      select distinct * from ${jsonRecordset(wanted, 'd', 'amount numeric, name_key text, lookback timestamptz')}
    ), named as (
      select u.id as user_id, d.amount, d.lookback from d join users u on ${NAME_KEY} = d.name_key
    ), related as (
      -- Three branches, each on its own index (open buys by amount, open buys by owner, an
      -- owner's buys by amount and date), so no branch reads a busy client's whole history.
      select t.id from d join transactions t
          on t.type = 'buy' and t.status = 'Requested' and t.total_krw = d.amount
      union
      select t.id from named n join transactions t
          on t.user_id = n.user_id and t.type = 'buy' and t.status = 'Requested'
      union
      select t.id from named n join transactions t
          on t.user_id = n.user_id and t.type = 'buy' and t.total_krw = n.amount
         and t.created_at >= n.lookback
    )
    select t.id, t.user_id, t.client_agency_id, u.name, ${NAME_KEY} as name_key, t.total_krw::text as total_krw,
           t.created_at, (extract(epoch from t.created_at) * 1000000)::bigint::text as created_at_us,
           t.status, t.expires_at, t.deposit_account_number
      from transactions t
      join users u on u.id = t.user_id
     where t.id in (select id from related)
     order by t.id
     for update of t`);
  return result.rows.map((row) => ({
    transactionId: row.id,
    userId: row.user_id,
    clientAgencyId: row.client_agency_id,
    registeredName: row.name,
    nameKey: row.name_key,
    amountKrw: row.total_krw,
    requestedAt: new Date(row.created_at),
    createdAtMicros: BigInt(row.created_at_us),
    status: row.status,
    expiresAt: new Date(row.expires_at),
    depositAccountNumber: row.deposit_account_number,
  }));
}
