import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '@server/db/client';
import { freePort, ThrowawayCluster } from './lib/cluster';
import { ledgerState, setUpMoney } from './lib/fixtures';
import { openEventStream } from './lib/events';
import { audit, runLoad, type Crash, type LoadResult } from './lib/load';
import { report } from './lib/report';
import { ServerProcess, sleep } from './lib/server-process';

/**
 * 5,000 keyed money requests (Idempotency-Key on buy/sell creation) while
 * PostgreSQL is stopped hard and restarted, then while the API process is killed with SIGKILL and
 * restarted. Clients retry whatever was not acknowledged. Afterwards the database must hold
 * exactly one transaction for every acknowledged request, none twice, and a balanced ledger.
 */
const REQUESTS = Number(process.env.HARDENING_REQUESTS ?? 5_000);
const CLIENTS = 20;
/** How long PostgreSQL stays down: long enough that every in-flight request fails. */
const POSTGRES_DOWN_MS = 3_000;
/** Crashes at these fractions of the run, so each one lands in the middle of steady load. */
const CRASH_POINTS = [0.3, 0.65];
/** A request no retry settles within this long is reported as unresolved. */
const GIVE_UP_MS = 60_000;

let cluster: ThrowawayCluster;
let work: string;
beforeAll(async () => {
  cluster = await ThrowawayCluster.create('hardening-crash');
  work = await mkdtemp(join(tmpdir(), 'portal-hardening-crash-'));
});
afterAll(async () => {
  await cluster?.destroy();
  if (work) await rm(work, { recursive: true, force: true });
});

async function scenario(
  name: string,
  crashWith: (server: ServerProcess) => Crash['run'],
  after?: (server: ServerProcess, db: DatabaseHandle) => Promise<void>,
) {
  const url = await cluster.createDatabase(name.replace(/\W+/g, '_').toLowerCase());
  const server = new ServerProcess({
    port: await freePort(),
    databaseUrl: url,
    dataDir: join(work, name),
    logFile: join(work, `${name}.log`),
  });
  // The test's own connections outlive PostgreSQL's restarts: an idle one that breaks is dropped.
  const db = await openDatabase({ driver: 'postgres', url }, { onIdleError: () => undefined });
  try {
    await server.start();
    const setup = await setUpMoney(db.db, server.baseUrl, {
      count: CLIENTS,
      balance: '100000000',
    });
    const crashes: Crash[] = CRASH_POINTS.map((fraction) => ({
      atSettled: Math.floor(REQUESTS * fraction),
      run: crashWith(server),
    }));
    const load: LoadResult = await runLoad(setup, {
      total: REQUESTS,
      concurrency: CLIENTS,
      giveUpAfterMs: GIVE_UP_MS,
      crashes,
    });
    const found = await audit(db.db, setup, load.outcomes);
    const ledger = await ledgerState(db.db);
    const recoveries = load.crashes.map((crash) =>
      crash.firstAckAt === undefined
        ? 'never'
        : `${((crash.firstAckAt - crash.brokenAt) / 1000).toFixed(2)} s after the break (${(
            (crash.firstAckAt - crash.repairedAt) /
            1000
          ).toFixed(2)} s after the restart began)`,
    );
    report(name, [
      { name: 'keyed requests', value: load.outcomes.length },
      {
        name: 'crashes',
        value: load.crashes.length,
        ok: load.crashes.length === CRASH_POINTS.length,
      },
      { name: 'HTTP attempts (with retries)', value: load.attempts },
      { name: 'attempts without an answer (retried)', value: load.transientFailures },
      { name: 'acknowledged 201', value: found.acknowledgedCreated },
      {
        // Every balance covers every sell, so any refusal is the system's fault.
        name: 'acknowledged refusals',
        value: `${found.acknowledgedRefused} ${JSON.stringify(found.refusals)}`,
        ok: found.acknowledgedRefused === 0,
      },
      {
        name: 'acknowledged but missing',
        value: found.acknowledgedButMissing,
        ok: found.acknowledgedButMissing === 0,
      },
      { name: 'refused but made', value: found.refusedButMade, ok: found.refusedButMade === 0 },
      { name: 'duplicates', value: found.duplicates, ok: found.duplicates === 0 },
      { name: 'unexpected transactions', value: found.unexpected, ok: found.unexpected === 0 },
      { name: 'never acknowledged (gave up)', value: found.unresolved, ok: found.unresolved === 0 },
      { name: 'keys left in progress', value: found.stuckKeys, ok: found.stuckKeys === 0 },
      { name: 'ledger sum', value: ledger.total, ok: ledger.total === '0' },
      { name: 'ledger entries', value: ledger.entries },
      {
        name: 'accounts drifted from their postings',
        value: ledger.drifted,
        ok: ledger.drifted === 0,
      },
      ...recoveries.map((value, index) => ({ name: `crash ${index + 1}: service back`, value })),
      { name: 'load run time', value: `${load.seconds.toFixed(1)} s` },
    ]);
    if (after) await after(server, db);

    expect(load.crashes).toHaveLength(CRASH_POINTS.length);
    expect(load.crashes.every((crash) => crash.firstAckAt !== undefined)).toBe(true);
    expect(found).toMatchObject({
      acknowledgedButMissing: 0,
      refusedButMade: 0,
      duplicates: 0,
      unexpected: 0,
      unresolved: 0,
      stuckKeys: 0,
    });
    expect(found.refusals).toEqual({});
    expect(found.acknowledgedCreated).toBe(REQUESTS);
    expect(ledger).toMatchObject({ total: '0', drifted: 0 });
  } finally {
    await server.kill();
    await db.close();
  }
}

describe.sequential('crash tests on a PostgreSQL cluster of their own', () => {
  it(`PostgreSQL stopped hard (-m immediate) and restarted under ${REQUESTS} keyed requests`, async () => {
    await scenario(
      'crash: PostgreSQL stopped hard',
      () => async () => {
        await cluster.stopImmediately();
        const brokenAt = Date.now();
        await sleep(POSTGRES_DOWN_MS);
        const repairedAt = Date.now();
        await cluster.start();
        return { brokenAt, repairedAt };
      },
      async (server, db) => {
        // The same server process lived through the restarts: its LISTEN connection must have
        // come back, or pages would stop hearing of changes until the process restarts.
        const probe = await setUpMoney(db.db, server.baseUrl, { count: 1, balance: '100' });
        const client = probe.clients[0]!;
        const stream = await openEventStream(client.browser);
        try {
          const { deliveredMs, transactionId } = await stream.afterBuy(probe.merchantId, client);
          report('crash: PostgreSQL stopped hard', [
            {
              name: 'live event after the restarts (same server process)',
              value: transactionId ? `delivered in ${deliveredMs} ms` : 'not delivered',
              ok: transactionId !== undefined,
            },
          ]);
          expect(transactionId).toBeDefined();
        } finally {
          stream.close();
        }
      },
    );
  });

  it(`API process killed with SIGKILL and restarted under ${REQUESTS} keyed requests`, async () => {
    await scenario('crash: API process killed (SIGKILL)', (server) => async () => {
      await server.kill();
      const brokenAt = Date.now();
      const repairedAt = Date.now();
      await server.start();
      return { brokenAt, repairedAt };
    });
  });
});
