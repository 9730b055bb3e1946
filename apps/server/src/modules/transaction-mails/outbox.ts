import type { TransactionMailEvent } from '@portal/contract/mail';
import { sql } from 'drizzle-orm';
import type { Database } from '@server/db/client';

/**
 * The transaction mails' outbox (docs/decisions/027). `queueTransactionMails` runs inside the
 * database transaction of the state move, so a mail row exists exactly when the move does; the
 * unique index (transaction, event) makes a second row for one event impossible, and an owner
 * who turned the mails off gets none.
 */
export async function queueTransactionMails(
  tx: Database,
  transactionIds: readonly string[],
): Promise<void> {
  if (transactionIds.length === 0) return;
  await tx.execute(sql`
    insert into transaction_mails (transaction_id, event)
    select t.id, lower(t.status)
      from transactions t join users u on u.id = t.user_id
     where t.id in (${sql.join(
       transactionIds.map((id) => sql`${id}::uuid`),
       sql`, `,
     )})
       and t.status in ('Completed', 'Cancelled')
       and u.transaction_mails
    on conflict (transaction_id, event) do nothing`);
}

/** How long a sender holds a row it claimed; a sender that died lets it go after this. */
const CLAIM_SECONDS = 120;

export interface DueMail {
  id: string;
  event: TransactionMailEvent;
  transactionId: string;
  number: string;
  type: 'buy' | 'sell';
  amount: string;
  asset: string;
  totalKrw: string;
  merchantName: string;
  email: string;
  name: string;
  language: 'en' | 'ko';
}

/**
 * Claims up to `limit` unsent mails that nobody holds (SKIP LOCKED, then `claimed_until`), so two
 * instances never hold one row at once; each claim counts as an attempt.
 */
export async function claimDueMails(db: Database, limit = 20): Promise<DueMail[]> {
  const result = await db.execute<{
    id: string;
    event: TransactionMailEvent;
    transaction_id: string;
    number: string;
    type: 'buy' | 'sell';
    amount: string;
    asset: string;
    total_krw: string;
    merchant_name: string;
    email: string;
    name: string;
    language: 'en' | 'ko';
  }>(sql`
    with due as (
      select id from transaction_mails
       where sent_at is null and (claimed_until is null or claimed_until < now())
       order by created_at
       limit ${limit}
       for update skip locked
    ), claimed as (
      update transaction_mails m
         set claimed_until = now() + make_interval(secs => ${CLAIM_SECONDS}),
             attempts = m.attempts + 1
        from due where m.id = due.id
      returning m.id, m.event, m.transaction_id
    )
    select c.id, c.event, c.transaction_id, t.number, t.type, t.amount::text as amount,
           me.asset, t.total_krw::text as total_krw, me.name as merchant_name,
           u.email, u.name, u.mail_language as language
      from claimed c
      join transactions t on t.id = c.transaction_id
      join merchants me on me.id = t.merchant_id
      join users u on u.id = t.user_id`);
  return result.rows.map((row) => ({
    id: row.id,
    event: row.event,
    transactionId: row.transaction_id,
    number: row.number,
    type: row.type,
    amount: row.amount,
    asset: row.asset,
    totalKrw: row.total_krw,
    merchantName: row.merchant_name,
    email: row.email,
    name: row.name,
    language: row.language,
  }));
}

/** Marks a claimed mail sent: from then on no sender picks it up again. */
export async function markSent(db: Database, id: string): Promise<void> {
  await db.execute(
    sql`update transaction_mails set sent_at = now(), claimed_until = null, last_error = null where id = ${id} and sent_at is null`,
  );
}

/** A send failed: tried again after a wait that grows with the attempts (at most an hour). */
export async function markFailed(db: Database, id: string, error: string): Promise<void> {
  await db.execute(sql`
    update transaction_mails
       set last_error = ${error.slice(0, 500)},
           claimed_until = now() + make_interval(secs => least(3600, 30 * power(2, attempts - 1)::int))
     where id = ${id} and sent_at is null`);
}

/**
 * How many mails wait and since when, for the metrics (docs/OPERATIONS.md): one look at the
 * partial index of unsent rows.
 */
export async function unsentMails(db: Database): Promise<{ count: number; oldestSeconds: number }> {
  const result = await db.execute<{ count: number; oldest_seconds: number }>(sql`
    select count(*)::int as count,
           coalesce(extract(epoch from now() - min(created_at)), 0)::float8 as oldest_seconds
      from transaction_mails where sent_at is null`);
  const row = result.rows[0]!;
  return { count: Number(row.count), oldestSeconds: Number(row.oldest_seconds) };
}
