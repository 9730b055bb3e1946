import type { DepositCandidate, DepositDetail } from '@portal/contract/deposits';
import { assetForKrw, subtractAmounts } from '@portal/contract/money';
import type { Deposit } from '@portal/contract/transactions';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '@server/db/client';
import { deposits, transactions } from '@server/db/schema';
import { trimDecimal } from '@portal/contract/decimal';
import { NAME_KEY } from './candidates';
import { depositorNameKey } from '@server/db/name-key';
import type { DepositRow } from './service';

/** Deposits with the numbers of the requests they concern. */
export async function toDeposits(db: Database, rows: readonly DepositRow[]): Promise<Deposit[]> {
  const ids = [
    ...new Set(
      rows.flatMap((row) => [
        ...(row.matchedTransactionId ? [row.matchedTransactionId] : []),
        ...row.relatedTransactionIds,
        ...(row.refundTransactionId ? [row.refundTransactionId] : []),
      ]),
    ),
  ];
  const numbers = new Map(
    ids.length === 0
      ? []
      : (
          await db
            .select({ id: transactions.id, number: transactions.number })
            .from(transactions)
            .where(inArray(transactions.id, ids))
        ).map((row) => [row.id, row.number] as const),
  );
  const ref = (id: string) => ({ id, number: numbers.get(id) ?? '' });
  return rows.map((row) => ({
    id: row.id,
    bankReference: row.bankReference,
    depositorName: row.depositorName,
    amountKrw: row.amountKrw,
    receivedAt: row.receivedAt.toISOString(),
    receivingAccount: row.receivingAccount,
    source: row.source,
    status: row.status,
    reviewReason: row.reviewReason,
    matchedTransaction: row.matchedTransactionId ? ref(row.matchedTransactionId) : null,
    relatedTransactions: row.relatedTransactionIds.map(ref),
    resolution: row.resolution,
    refundReason: row.refundReason,
    refundTransaction: row.refundTransactionId ? ref(row.refundTransactionId) : null,
    refundBankReference: row.refundBankReference,
    refundedAt: row.refundedAt?.toISOString() ?? null,
    writeOffReason: row.writeOffReason,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  }));
}

export async function findDeposit(db: Database, id: string): Promise<DepositRow | undefined> {
  const [row] = await db.select().from(deposits).where(eq(deposits.id, id));
  return row;
}

/** The most buys the deposit screen lists beside a deposit. */
const CANDIDATE_LIMIT = 30;

/**
 * A deposit with the buys it could pay, for the operator to choose from (docs/decisions/010):
 * the ones matching listed, then open buys of the same amount or of a user with the same name
 * (spaces ignored), newest first.
 */
export async function depositDetail(db: Database, id: string): Promise<DepositDetail | undefined> {
  const row = await findDeposit(db, id);
  if (!row) return undefined;
  const [deposit] = await toDeposits(db, [row]);
  const named = [
    ...row.relatedTransactionIds,
    ...(row.matchedTransactionId ? [row.matchedTransactionId] : []),
    ...(row.refundTransactionId ? [row.refundTransactionId] : []),
  ];
  const isNamed = sql`t.id in (select jsonb_array_elements_text(${JSON.stringify(named)}::jsonb)::uuid)`;
  const result = await db.execute<{
    id: string;
    number: string;
    status: DepositCandidate['status'];
    user_name: string;
    user_email: string;
    amount: string;
    asset: string;
    rate_krw: string;
    total_krw: string;
    created_at: string | Date;
    expires_at: string | Date | null;
    deposit_account_number: string | null;
    deposit_bank_name: string | null;
  }>(sql`
    select t.id, t.number, t.status, u.name as user_name, u.email as user_email,
           t.amount::text as amount, m.asset, t.rate_krw::text as rate_krw,
           t.total_krw::text as total_krw, t.created_at, t.expires_at,
           t.deposit_account_number, t.deposit_bank_name
      from transactions t
      join users u on u.id = t.user_id
      join merchants m on m.id = t.merchant_id
     where t.type = 'buy'
       and (${isNamed}
            or (t.status in ('Requested', 'Pending')
                and (t.total_krw = ${row.amountKrw}::numeric
                     or ${NAME_KEY} = ${depositorNameKey(row.depositorName)})))
     order by ${isNamed} desc, t.created_at desc
     limit ${CANDIDATE_LIMIT}`);
  const usable = row.status === 'review' || row.status === 'refund_due';
  return {
    deposit: deposit!,
    candidates: result.rows.map((t) => ({
      id: t.id,
      number: t.number,
      status: t.status,
      userName: t.user_name,
      userEmail: t.user_email,
      amount: trimDecimal(t.amount),
      asset: t.asset,
      rateKrw: trimDecimal(t.rate_krw),
      totalKrw: t.total_krw,
      createdAt: new Date(t.created_at).toISOString(),
      expiresAt: t.expires_at ? new Date(t.expires_at).toISOString() : null,
      depositAccountNumber: t.deposit_account_number,
      depositBankName: t.deposit_bank_name,
      differenceKrw: subtractAmounts(row.amountKrw, t.total_krw),
      amountAtDeposit: assetForKrw(row.amountKrw, t.rate_krw),
      matchable: usable && (t.status === 'Requested' || t.status === 'Pending'),
    })),
  };
}
