import type pg from 'pg';
import { hashPassword } from '@server/modules/auth/passwords';

/**
 * The data set, made in PostgreSQL with INSERT ... SELECT generate_series (no rows cross the
 * wire), repeatable: `setseed(seed)` fixes every random() of the session, parallel workers are
 * off so the draw order is fixed, and every date is relative to the day of generation.
 *
 * At scale 1 (BENCH_SCALE):
 *   - 100,000 users: one operator, one agency user per agency, clients. Every user has the same
 *     password (one argon2id hash: hashing 100,000 times would take an hour and measure nothing).
 *   - 50 agencies. BENCH-BIG has 10,000 clients owning 30 % of all transactions;
 *     the whale (bench-whale@bench.example, in BENCH-WHALE) owns 25 %: 250,000, so
 *     My Transactions has 12,500 pages of 20 and page 10,000 exists.
 *   - 20 merchants, one saved account per client.
 *   - 1,000,000 transactions over three years, numbered in time order like real ones, mostly
 *     Completed or Cancelled; Requested only in the last day (they expire after a day).
 *   - 200,000 settled deposits matched to completed buys.
 * Foreign keys and triggers are off during the load (session_replication_role = replica); the
 * references are checked once at the end and the transaction counts rebuilt.
 * No ledger entries or events are generated: the lists, exports and dashboards read neither, and
 * the ledger triggers (migration 0005) only allow balanced entries made by the app.
 */
/** Part of the data set's marker: bump it when the generator changes what it makes. */
export const DATASET_VERSION = 4;
export const PASSWORD = 'Bench#2026!';
export const WHALE_EMAIL = 'bench-whale@bench.example';
export const BIG_AGENCY_EMAIL = 'bench-agency-big@bench.example';
export const OPERATOR_EMAIL = 'bench-operator@bench.example';

export interface Shape {
  users: number;
  transactions: number;
  agencies: number;
  bigAgencyClients: number;
  merchants: number;
  deposits: number;
}

export function shapeAt(scale: number): Shape {
  const round = (n: number, min: number) => Math.max(min, Math.round(n * scale));
  return {
    users: round(100_000, 200),
    transactions: round(1_000_000, 2_000),
    agencies: 50,
    bigAgencyClients: round(10_000, 20),
    merchants: 20,
    deposits: round(200_000, 200),
  };
}

/** Share of all transactions owned by the whale and by the big agency's clients. */
const WHALE_SHARE = 0.25;
const BIG_AGENCY_SHARE = 0.3;
/**
 * Ids are stable across runs and computable from a row's number: md5 of a name, shaped as a
 * version-4 uuid (the API's uuid validation refuses other versions). bench_uuid() is created in
 * the bench database so the run (webhook.ts) can name the same rows.
 */
const uuidOf = (expression: string) => `bench_uuid(${expression})`;

export async function generate(client: pg.Client, shape: Shape, seed: number): Promise<void> {
  const passwordHash = await hashPassword(PASSWORD);
  const step = async (label: string, text: string, values: unknown[] = []) => {
    const started = performance.now();
    const result = await client.query(text, values);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`  ${label}: ${result.rowCount ?? 0} rows, ${seconds} s`);
  };

  await client.query(`
    create or replace function bench_uuid(name text) returns uuid language sql immutable as $$
      select overlay(overlay(md5(name) placing '4' from 13) placing '8' from 17)::uuid
    $$`);
  await client.query('begin');
  await client.query('set local max_parallel_workers_per_gather = 0');
  // Triggers off for the bulk load: foreign keys hold by construction (checked below) and the
  // per-user and per-agency counts (migration 0007) are recounted in one pass at the end.
  await client.query(`set local session_replication_role = replica`);
  await client.query(`set local synchronous_commit = off`);
  await client.query('select setseed($1)', [((seed % 2_000_000) / 1_000_000 - 1) * 0.999]);
  await client.query(`
    create temp table bench_anchor on commit drop as
    select date_trunc('day', now()) as today`);

  await step(
    'merchants',
    `insert into merchants (id, code, name, asset, min_per_request, max_per_request, connection)
     select ${uuidOf("'merchant-' || i")}, 'BM' || lpad(i::text, 2, '0'),
            'Bench Merchant ' || lpad(i::text, 2, '0'), 'USDT', 1, 100000, 'sandbox'
       from generate_series(1, $1::int) i`,
    [shape.merchants],
  );
  await step(
    'rates',
    `insert into rates (asset, buy_rate_krw, sell_rate_krw, set_at)
     values ('USDT', 1380.00, 1370.00, now() - interval '1 day')`,
  );
  // Agency 1 is BENCH-BIG, agency 2 BENCH-WHALE; every agency has its bank account, so its
  // clients can make buy requests.
  await step(
    'agencies',
    `insert into agencies (id, code, name, bank_name, bank_account_number, bank_account_holder)
     select ${uuidOf("'agency-' || i")},
            case i when 1 then 'BENCH-BIG' when 2 then 'BENCH-WHALE' else 'BENCH-' || lpad(i::text, 3, '0') end,
            'Bench Agency ' || i, 'Bench Bank', '100-200-' || lpad(i::text, 6, '0'), 'Bench Agency ' || i
       from generate_series(1, $1::int) i`,
    [shape.agencies],
  );

  // Users by number: 1 operator, 2 the whale, 3..agencies+2 agency users, then the big agency's
  // clients, then everyone else (70 % in some agency, the rest independent).
  const firstAgencyUser = 3;
  const firstBigClient = firstAgencyUser + shape.agencies;
  const firstOtherClient = firstBigClient + shape.bigAgencyClients;
  await step(
    'users',
    `insert into users (id, email, name, phone, password_hash, role, agency_id, created_at, updated_at)
     select ${uuidOf("'user-' || i")},
            case when i = 1 then $2 when i = 2 then $3
                 when i = $5 then $4
                 else 'bench-user-' || i || '@bench.example' end,
            -- Unique names: deposits are matched by the depositor's name.
            '벤치' || lpad(i::text, 6, '0'),
            '010-' || lpad((i % 10000)::text, 4, '0') || '-' || lpad((i / 10000)::text, 4, '0'),
            $6,
            case when i = 1 then 'operator' when i between $5 and $7 - 1 then 'agency' else 'client' end,
            case when i = 1 then null
                 when i = 2 then ${uuidOf("'agency-2'")}
                 when i between $5 and $7 - 1 then bench_uuid('agency-' || (i - $5 + 1))
                 when i between $7 and $8 - 1 then ${uuidOf("'agency-1'")}
                 when random() < 0.7 then bench_uuid('agency-' || (3 + floor(random() * ($9 - 2)))::int)
                 else null end,
            at, at
       from generate_series(1, $1::int) i,
            lateral (select (select today from bench_anchor) - interval '3 years'
                            + (i::float8 / $1) * interval '3 years' as at) joined`,
    [
      shape.users,
      OPERATOR_EMAIL,
      WHALE_EMAIL,
      BIG_AGENCY_EMAIL,
      firstAgencyUser,
      passwordHash,
      firstBigClient,
      firstOtherClient,
      shape.agencies,
    ],
  );

  // Buying waits for a verified identity (docs/decisions/010): the whale, who makes the buy
  // requests of the load runs, has four approved documents (rows only, no files).
  await step(
    'identity of the whale',
    `insert into kyc_documents (user_id, kind, status, storage_key, content_type, size_bytes, reviewed_at)
     select bench_uuid('user-2'), kind, 'approved', 'bench-verified/' || kind, 'image/png', 1, now()
       from unnest(array['id_front', 'id_back', 'selfie', 'bank_book']) kind`,
    [],
  );

  await step(
    'merchant accounts',
    `insert into merchant_accounts (id, user_id, merchant_id, account_number, holder_name, name, is_default, link_token_ciphertext)
     select ${uuidOf("'account-' || i")}, bench_uuid('user-' || i),
            bench_uuid('merchant-' || (1 + i % $2)), 'BA-' || lpad(i::text, 8, '0'),
            '벤치' || lpad(i::text, 6, '0'), 'Main', true, 'bench-no-link-token'
       from generate_series(2, $1::int) i
      where i = 2 or i >= $3`,
    [shape.users, shape.merchants, firstBigClient],
  );

  // Owner of transaction i: the whale for the first WHALE_SHARE of draws, a big agency client for
  // the next BIG_AGENCY_SHARE, anyone else otherwise. Time follows i, so numbers grow with time.
  await step(
    'transactions',
    `insert into transactions (id, number, type, status, user_id, merchant_id, account_id,
                               account_name, account_number, amount, rate_id, rate_krw, total_krw,
                               expires_at, payout_reference, credit_status, created_at, updated_at, completed_at,
                               client_agency_id)
     select bench_uuid('tx-' || i),
            case when is_buy then 'B' else 'S' end || lpad(i::text, 8, '0'),
            case when is_buy then 'buy' else 'sell' end,
            status, bench_uuid('user-' || owner), bench_uuid('merchant-' || (1 + owner % $4::int)),
            bench_uuid('account-' || owner), 'Main', 'BA-' || lpad(owner::text, 8, '0'),
            amount, (select id from rates limit 1), rate,
            case when is_buy then ceil(amount * rate) else floor(amount * rate) end,
            case when is_buy then created_at + interval '1 day' end,
            case when not is_buy and status = 'Completed' then 'PAY-' || i end,
            case when is_buy and status = 'Completed' then 'delivered' else 'not_applicable' end,
            created_at, created_at + interval '5 minutes',
            case when status = 'Completed' then created_at + interval '5 minutes' end,
            -- What the insert trigger (off here) would set: the owner's agency, for clients.
            case when owner_role = 'client' then owner_agency end
       -- The draws sit in a subquery of their own: random() there runs once per row, while an
       -- uncorrelated lateral would be evaluated once for the whole insert.
       from (select i, random() as pick, random() as who, random() as kind, random() as size,
                    random() as fate
               from generate_series(1, $1::int) i) draw,
            lateral (select (select today from bench_anchor) - interval '3 years'
                            + (i::float8 / $1) * interval '3 years' as created_at,
                            kind < 0.6 as is_buy) basics,
            lateral (select case
                        when pick < $2::float8 then 2
                        when pick < $2::float8 + $3::float8 then $5::int + floor(who * $6::int)::int
                        else $7::int + floor(who * ($8::int - $7::int + 1))::int end as owner,
                        round((1 + size * size * 4999)::numeric, 2) as amount,
                        case when kind < 0.6 then 1380.00 else 1370.00 end as rate,
                        case
                          when is_buy and fate < 0.5
                               and created_at > (select today from bench_anchor) - interval '1 day'
                               then 'Requested'
                          when fate < 0.70 then 'Completed'
                          when fate < 0.95 then 'Cancelled'
                          else 'Pending' end as status) shaped,
            lateral (select u.role as owner_role, u.agency_id as owner_agency
                       from users u where u.id = bench_uuid('user-' || shaped.owner)) owner_row`,
    [
      shape.transactions,
      WHALE_SHARE,
      BIG_AGENCY_SHARE,
      shape.merchants,
      firstBigClient,
      shape.bigAgencyClients,
      firstOtherClient,
      shape.users,
    ],
  );
  await client.query(`select setval('transaction_number_seq', $1::bigint + 1)`, [
    shape.transactions,
  ]);

  await step(
    'deposits',
    `insert into deposits (bank_reference, depositor_name, amount_krw, received_at, receiving_account,
                           source, status, matched_transaction_id, created_at, updated_at)
     select 'BENCH-DEP-' || t.number, u.name, t.total_krw, t.completed_at, '100-200-000001',
            'webhook', 'settled', t.id, t.completed_at, t.completed_at
       from transactions t join users u on u.id = t.user_id
      where t.type = 'buy' and t.status = 'Completed'
      order by t.number
      limit $1`,
    [shape.deposits],
  );
  // A completed buy names the deposit that paid it (docs/decisions/010); older ones, beyond the
  // deposits generated, keep none, as buys completed before that rule.
  await step(
    'deposit links',
    `update transactions t set settled_by_deposit_id = d.id
       from deposits d where d.matched_transaction_id = t.id`,
  );
  await step('counts', 'select transaction_counts_rebuild()');
  const orphans = await client.query<{ n: string }>(`
    select (select count(*) from transactions t where not exists (select 1 from users u where u.id = t.user_id))
         + (select count(*) from transactions t where not exists (select 1 from merchant_accounts a where a.id = t.account_id))
         + (select count(*) from users u where u.agency_id is not null and not exists (select 1 from agencies g where g.id = u.agency_id))
           as n`);
  if (orphans.rows[0]?.n !== '0')
    throw new Error(`generated rows with dangling references: ${orphans.rows[0]?.n}`);
  await client.query('commit');
}
