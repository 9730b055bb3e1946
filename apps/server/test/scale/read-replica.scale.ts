import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { AgencyTransactionList, TransactionList } from '@portal/contract/transactions';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPLICA_APPLICATION_NAME } from '@server/db/replica';
import { RECENT_CHANGE_COOKIE } from '@server/plugins/app/read-routing';
import { deliverToWebhook } from '@test/bank-webhook';
import {
  moneyKit,
  statusOf,
  uniqueAmount,
  uniqueReference,
  type MoneyKit,
  type Person,
} from '@test/modules/money/money-test-kit';

/**
 * `npm run test:scale`: the read replica against a real streaming replica, which
 * tools/replica/start.sh makes of the local PostgreSQL (CI runs it first; docs/decisions/031).
 * Pausing the replica's replay makes "read from the replica" visible: a change made meanwhile is
 * on the primary only, so a list that shows it was read from the primary and one that does not was
 * read from the replica.
 */
const run = promisify(execFile);
const script = (name: string) =>
  fileURLToPath(new URL(`../../../../tools/replica/${name}`, import.meta.url));
const PRIMARY = process.env.SCALE_PRIMARY_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REPLICA = process.env.SCALE_REPLICA_URL ?? 'postgres://postgres@127.0.0.1:5433/postgres';
const SECRET = 'test-bank-webhook-secret-0123456789abcdef';
/** Long enough that the paused replica stays within the allowed lag for the whole file. */
const WINDOW_SECONDS = 120;

const database = `wt_replica_scale_${process.pid}`;
const on = (server: string) =>
  Object.assign(new URL(server), { pathname: `/${database}` }).toString();

async function query<Row extends pg.QueryResultRow>(
  url: string,
  text: string,
  values: unknown[] = [],
): Promise<Row[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<Row>(text, values)).rows;
  } finally {
    await client.end();
  }
}

async function until(what: string, done: () => Promise<boolean>): Promise<void> {
  for (let attempt = 0; attempt < 600; attempt += 1) {
    if (await done().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`gave up waiting: ${what}`);
}

/** Waits until the replica has replayed everything the primary has written so far. */
async function replicaCaughtUp(): Promise<void> {
  const [primary] = await query<{ lsn: string }>(
    PRIMARY,
    'select pg_current_wal_lsn()::text as lsn',
  );
  await until('the replica replays the primary', async () => {
    const [row] = await query<{ done: boolean }>(
      REPLICA,
      'select pg_wal_lsn_diff(pg_last_wal_replay_lsn(), $1::pg_lsn) >= 0 as done',
      [primary!.lsn],
    );
    return row!.done;
  });
}

async function pauseReplay(): Promise<void> {
  await query(REPLICA, 'select pg_wal_replay_pause()');
  await until('replay paused', async () => {
    const [row] = await query<{ state: string }>(
      REPLICA,
      'select pg_get_wal_replay_pause_state() as state',
    );
    return row!.state === 'paused';
  });
}

const resumeReplay = () => query(REPLICA, 'select pg_wal_replay_resume()');

let kit: MoneyKit;
let client: Person;
let agencyUser: Person;
let operator: Person;
let accountId: string;

/** As a browser whose last change is older than the read-your-writes window. */
const windowPassed = (person: Person) => person.browser.cookies.delete(RECENT_CHANGE_COOKIE);

async function ownList(person: Person) {
  const response = await person.browser.get('/api/transactions?pageSize=100');
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TransactionList>().items.map((item) => item.id);
}

async function agencyList(person: Person) {
  const response = await person.browser.get('/api/agency/transactions?pageSize=100');
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AgencyTransactionList>().items.map((item) => item.id);
}

async function operatorFinds(number: string) {
  const response = await operator.browser.get(`/api/operator/transactions?q=${number}`);
  expect(response.statusCode, response.body).toBe(200);
  return response
    .json<{ items: Array<{ number: string }> }>()
    .items.some((item) => item.number === number);
}

beforeAll(async () => {
  await query(PRIMARY, `create database "${database}"`);
  await until('the new database is on the replica', async () => {
    const rows = await query(REPLICA, 'select 1 from pg_database where datname = $1', [database]);
    return rows.length === 1;
  });
  kit = await moneyKit({
    config: {
      databaseUrl: on(PRIMARY),
      databaseReplicaUrl: on(REPLICA),
      readYourWritesSeconds: WINDOW_SECONDS,
      bankWebhookSecret: SECRET,
    },
  });
  client = await kit.person();
  agencyUser = await kit.person({ role: 'agency' });
  operator = await kit.person({ role: 'operator' });
  accountId = (await kit.account(client, '1000')).id;
  await replicaCaughtUp();
  expect(await kit.app.readReplica!.check()).toBe(true);
}, 120_000);

afterAll(async () => {
  await resumeReplay().catch(() => undefined);
  await kit?.close();
  await query(PRIMARY, `drop database if exists "${database}" with (force)`);
  // Left answering as start.sh made it, whatever a test did to it.
  await run('bash', [script('start.sh')]);
});

describe('reads on a streaming replica (docs/decisions/031)', () => {
  it('shows a user their own change at once, others once the replica has it', async () => {
    await pauseReplay();
    const buy = await kit.made(client, 'buy', accountId, uniqueAmount());
    // The request's own answer set the window; the client's next list is read on the primary.
    expect(client.browser.cookies.has(RECENT_CHANGE_COOKIE)).toBe(true);
    expect(await ownList(client)).toContain(buy.id);
    // The agency and the operator have changed nothing: they read the paused replica.
    windowPassed(agencyUser);
    windowPassed(operator);
    expect(await agencyList(agencyUser)).not.toContain(buy.id);
    expect(await operatorFinds(buy.number)).toBe(false);
    // Once the window has passed, the client reads the replica too.
    windowPassed(client);
    expect(await ownList(client)).not.toContain(buy.id);

    await resumeReplay();
    await replicaCaughtUp();
    expect(await ownList(client)).toContain(buy.id);
    expect(await agencyList(agencyUser)).toContain(buy.id);
    expect(await operatorFinds(buy.number)).toBe(true);
  });

  it('reads the lists on the replica, as the replica counts it', async () => {
    // A standby keeps its own table statistics; only the lists read `transactions` there (the
    // replica's lag check reads no table).
    const scans = async () => {
      const [row] = await query<{ n: number }>(
        on(REPLICA),
        `select (coalesce(seq_scan, 0) + coalesce(idx_scan, 0))::int as n
           from pg_stat_user_tables where relname = 'transactions'`,
      );
      return row?.n ?? 0;
    };
    const before = await scans();
    windowPassed(operator);
    expect(await operatorFinds('no-such-number')).toBe(false);
    await until('the replica counts the list', async () => (await scans()) > before);
    const connections = await query(
      on(REPLICA),
      'select 1 from pg_stat_activity where datname = $1 and application_name = $2',
      [database, REPLICA_APPLICATION_NAME],
    );
    expect(connections.length).toBeGreaterThanOrEqual(1);
  });

  it('moves money on the primary only, even from callers without the window', async () => {
    await pauseReplay();
    windowPassed(client);
    // A buy request: its checks (account, rate, limits) and its writes see the primary.
    const buy = await kit.made(client, 'buy', accountId, uniqueAmount());
    // The bank's webhook carries no cookie at all; the buy it pays exists only on the primary.
    const delivered = await deliverToWebhook(kit.app, SECRET, {
      bankReference: uniqueReference(),
      depositorName: client.name,
      amountKrw: buy.totalKrw,
      receivedAt: new Date().toISOString(),
    });
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect(delivered.json()).toMatchObject({
      duplicate: false,
      deposit: { status: 'settled', matchedTransaction: { id: buy.id } },
    });
    expect(await statusOf(kit.app, buy.id)).toBe('Completed');
    // The replica has neither yet.
    const onReplica = await query(on(REPLICA), 'select 1 from transactions where id = $1', [
      buy.id,
    ]);
    expect(onReplica).toHaveLength(0);
    await resumeReplay();
    await replicaCaughtUp();
  });

  it('reads from the primary while the replica is down, and nothing fails', async () => {
    windowPassed(agencyUser);
    const buy = await kit.made(client, 'buy', accountId, uniqueAmount());
    await run('bash', [script('stop.sh'), '--keep-data']);
    // Whether or not the replica's check has noticed yet, the list answers, from the primary.
    expect(await agencyList(agencyUser)).toContain(buy.id);
    expect(await kit.app.readReplica!.check()).toBe(false);
    expect(await operatorFinds(buy.number)).toBe(true);
    const another = await kit.made(client, 'buy', accountId, uniqueAmount());
    windowPassed(client);
    expect(await ownList(client)).toContain(another.id);

    // Back up: reads go to it again once it has caught up.
    await run('bash', [script('start.sh')]);
    await replicaCaughtUp();
    await until('the app sees the replica again', () => kit.app.readReplica!.check());
  });
});
