import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '@server/db/client';
import { Browser, randomAddress } from './lib/browser';
import { freePort, ThrowawayCluster } from './lib/cluster';
import { openEventStream } from './lib/events';
import { PASSWORD, quoteFor, setUpMoney, type MoneySetup } from './lib/fixtures';
import { report } from './lib/report';
import { ServerProcess } from './lib/server-process';

/**
 * Two server instances (two processes, two ports) on one PostgreSQL. What one
 * knows the other must know: sessions, live events (LISTEN/NOTIFY), sign-in throttling.
 */
const SECTION = 'two instances on one PostgreSQL';

let cluster: ThrowawayCluster;
let work: string;
let db: DatabaseHandle;
let a: ServerProcess;
let b: ServerProcess;
let setup: MoneySetup;

beforeAll(async () => {
  cluster = await ThrowawayCluster.create('hardening-two');
  work = await mkdtemp(join(tmpdir(), 'portal-hardening-two-'));
  const url = await cluster.createDatabase('two_instances');
  const instance = async (name: string) =>
    new ServerProcess({
      port: await freePort(),
      databaseUrl: url,
      // Separate folders: nothing may be shared through the disk, only through PostgreSQL.
      dataDir: join(work, name),
      logFile: join(work, `${name}.log`),
    });
  a = await instance('a');
  b = await instance('b');
  // Started together, as a rolling deploy would: migrations run once, under the advisory lock.
  await Promise.all([a.start(), b.start()]);
  db = await openDatabase({ driver: 'postgres', url });
  // Signed in with a password on A (through the API), not by writing a session row.
  setup = await setUpMoney(db.db, a.baseUrl, { count: 1, balance: '1000', signIn: 'password' });
});
afterAll(async () => {
  await a?.kill();
  await b?.kill();
  await db?.close();
  await cluster?.destroy();
  if (work) await rm(work, { recursive: true, force: true });
});

describe.sequential(SECTION, () => {
  it('a session made on A works on B, including a state-changing request', async () => {
    const client = setup.clients[0]!;
    const onB = client.browser.on(b.baseUrl);
    const me = await onB.get<{ user: { email: string } | null }>('/api/auth/me');
    // A money request on B: the anti-forgery token A issued must be accepted by B.
    const quoteToken = await quoteFor(onB, setup.merchantId, 'buy');
    const made = await onB.post<{ id: string }>(
      '/api/transactions/buy',
      { accountId: client.accountId, amount: '2', quoteToken },
      { 'idempotency-key': `two-instances-${Date.now()}` },
    );
    const shared = me.body.user?.email === client.email && made.status === 201;
    report(SECTION, [
      {
        name: 'session from A on B',
        value: `GET /api/auth/me ${me.status} (${me.body.user?.email ?? 'signed out'}), POST buy ${made.status}`,
        ok: shared,
      },
    ]);
    expect(me.body.user?.email).toBe(client.email);
    expect(made.status).toBe(201);
  });

  it('a change made through A reaches a page connected to B, and the other way round', async () => {
    const client = setup.clients[0]!;
    const results: Array<{ name: string; ms: number | undefined }> = [];
    for (const [from, to, name] of [
      [a, b, 'live event made on A, heard on B'],
      [b, a, 'live event made on B, heard on A'],
    ] as const) {
      const stream = await openEventStream(client.browser.on(to.baseUrl));
      try {
        const heard = await stream.afterBuy(
          setup.merchantId,
          client,
          client.browser.on(from.baseUrl),
        );
        results.push({ name, ms: heard.deliveredMs });
      } finally {
        stream.close();
      }
    }
    report(
      SECTION,
      results.map(({ name, ms }) => ({
        name,
        value: ms === undefined ? 'not delivered in 10 s' : `delivered ${ms} ms after the request`,
        ok: ms !== undefined,
      })),
    );
    expect(results.every((result) => result.ms !== undefined)).toBe(true);
  });

  it('failed sign-ins are counted across both instances', async () => {
    const client = setup.clients[0]!;
    // A fresh address per attempt, so only the per-account limit (5 failures) can refuse.
    const attempt = async (server: ServerProcess, password: string) => {
      const visitor = new Browser(server.baseUrl, randomAddress());
      await visitor.get('/api/auth/me'); // the anti-forgery cookie, as the page gets it
      return visitor.post('/api/auth/sign-in', { email: client.email, password });
    };
    const statuses: string[] = [];
    for (const server of [a, b, a, b, a]) {
      const answer = await attempt(server, 'wrong password');
      statuses.push(`${server === a ? 'A' : 'B'}:${answer.status}`);
    }
    // The sixth attempt, with the right password, on the instance that saw only two failures.
    const sixth = await attempt(b, PASSWORD);
    statuses.push(`B:${sixth.status}`);
    const counted = statuses.slice(0, 5).every((s) => s.endsWith(':401')) && sixth.status === 429;
    report(SECTION, [
      {
        name: 'sign-in throttle (5 failures alternating A/B, then the right password on B)',
        value: `${statuses.join(' ')}${sixth.headers.get('retry-after') ? ` Retry-After ${sixth.headers.get('retry-after')} s` : ''}`,
        ok: counted,
      },
    ]);
    expect(statuses.slice(0, 5)).toEqual(['A:401', 'B:401', 'A:401', 'B:401', 'A:401']);
    expect(sixth.status).toBe(429);
  });
});
