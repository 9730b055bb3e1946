import { createHmac } from 'node:crypto';
import type pg from 'pg';

/**
 * Deposits that match: for each of `count` clients, one open buy request with a won total no
 * other open request has, and the bank notification that pays it (the client's registered name,
 * that total, into the agency account the request shows). Made directly in SQL, like the
 * generated history; the requests are the rows the app's createBuy would write (number from the
 * same sequence, expiry a day later, the agency's deposit account kept). Clients of no agency
 * cannot buy (they have no account to pay into), so they get no deposit.
 */
export interface PreparedDeposit {
  body: string;
  transactionId: string;
  userId: string;
}

const BENCH_ACCOUNT_NAME = 'Bench webhook';

/** Requests a previous run left open would make the same clients' deposits ambiguous. */
export async function closeLeftovers(client: pg.Client): Promise<void> {
  await client.query(
    `update transactions set status = 'Cancelled', updated_at = now()
      where account_name = $1 and status in ('Requested', 'Pending')`,
    [BENCH_ACCOUNT_NAME],
  );
}

export async function prepareDeposits(
  client: pg.Client,
  userNumbers: { first: number; count: number },
  tag: string,
): Promise<PreparedDeposit[]> {
  const result = await client.query<{
    id: string;
    user_id: string;
    name: string;
    total: string;
    receiving_account: string;
  }>(
    `with base as (
       select 10000000 + count(*) as offset_krw from transactions where account_name = $3
     )
     insert into transactions (number, type, status, user_id, merchant_id, account_id, account_name,
                               account_number, amount, rate_id, rate_krw, total_krw, expires_at,
                               deposit_bank_name, deposit_account_number, deposit_account_holder)
     select 'B' || lpad(nextval('transaction_number_seq')::text, 8, '0'), 'buy', 'Requested',
            a.user_id, a.merchant_id, a.id, $3, a.account_number,
            round(((select offset_krw from base) + n) / 1380.00, 8), r.id, 1380.00,
            (select offset_krw from base) + n, now() + interval '1 day',
            g.bank_name, g.bank_account_number, g.bank_account_holder
       from generate_series(0, $2::int - 1) n
       join merchant_accounts a on a.id = bench_uuid('account-' || ($1::int + n))
       join users u on u.id = a.user_id
       join agencies g on g.id = u.agency_id
       cross join lateral (select id from rates order by set_at desc limit 1) r
     returning id, user_id, total_krw::text as total, deposit_account_number as receiving_account,
               (select name from users where id = user_id) as name`,
    [userNumbers.first, userNumbers.count, BENCH_ACCOUNT_NAME],
  );
  const receivedAt = new Date().toISOString();
  return result.rows.map((row, index) => ({
    transactionId: row.id,
    userId: row.user_id,
    body: JSON.stringify({
      bankReference: `BENCH-${tag}-${index}`,
      depositorName: row.name,
      amountKrw: row.total,
      receivedAt,
      receivingAccount: row.receiving_account,
    }),
  }));
}

export function signedHeaders(secret: string, body: string): Record<string, string> {
  const timestamp = Math.floor(Date.now() / 1000);
  const signature = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return {
    'content-type': 'application/json',
    'x-bank-timestamp': String(timestamp),
    'x-bank-signature': `v1=${signature}`,
  };
}
