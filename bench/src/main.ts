import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { listAgencyTransactions, listTransactions } from '@server/modules/transactions/repository';
import { pageWeights } from './bundle';
import { captureStatements } from './capture';
import {
  BIG_AGENCY_EMAIL,
  DATASET_VERSION,
  PASSWORD,
  WHALE_EMAIL,
  generate,
  shapeAt,
} from './generate';
import { httpLoad, median, medianOf, sqlLoad, type Figures, type Query } from './load';
import {
  BANK_SECRET,
  anonymous,
  clientAddress,
  memoryOf,
  resetPeakMemory,
  signIn,
  startServer,
  type Session,
} from './server';
import { closeLeftovers, prepareDeposits, signedHeaders } from './webhook';

/**
 * `npm run bench`: generates (once per scale and seed) the data set in its own PostgreSQL
 * database, starts the real server on loopback against it, and prints figures. Settings:
 *
 *   BENCH_SCALE=1          1 = 100,000 users and 1,000,000 transactions; 0.01 for a smoke run
 *   BENCH_SEED=7           the generator's seed
 *   BENCH_SECONDS=6        length of each load run
 *   BENCH_RUNS=3           runs per figure (the median is printed)
 *   BENCH_CONNECTIONS=10   concurrent connections (the server's pool has 10)
 *   BENCH_PG_URL           server to use (default postgres://postgres@127.0.0.1:5432)
 *   BENCH_REGENERATE=1     drop and regenerate the bench database
 *   BENCH_SKIP_WEB_BUILD=1 use the existing builds (apps/web/dist, apps/server/dist)
 *   BENCH_PARTS            load,exports,live (default all): which parts to run; `webhook`
 *                          alone runs only the deposit webhook's loads
 *
 * Only databases named portal_bench* are ever created or dropped.
 */
const scale = Number(process.env.BENCH_SCALE ?? 1);
const seed = Number(process.env.BENCH_SEED ?? 7);
const seconds = Number(process.env.BENCH_SECONDS ?? 6);
const runs = Number(process.env.BENCH_RUNS ?? 3);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const pgBase = (process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432').replace(
  /\/$/,
  '',
);
const databaseName =
  scale === 1 ? 'portal_bench' : `portal_bench_${String(scale).replace(/\W/g, '_')}`;
const databaseUrl = `${pgBase}/${databaseName}`;
const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const shape = shapeAt(scale);
/** Which parts to run (load, exports, live), e.g. BENCH_PARTS=exports; all by default. */
const parts = new Set((process.env.BENCH_PARTS ?? 'load,exports,live').split(','));
const NO_FIGURES: Figures = { rps: 0, p50: 0, p99: 0, errors: 0, requests: 0 };
const PAGE_SIZE = 20;
/** Page 10,000 at full scale; in a smoke run, the whale's (25 % of the rows) last full page. */
const DEEP_PAGE = Math.min(10_000, Math.floor((shape.transactions * 0.25) / PAGE_SIZE) - 1);

const log = (line: string) => console.log(line);

async function ensureDatabase(): Promise<boolean> {
  if (!/^portal_bench[a-z0-9_]*$/.test(databaseName)) throw new Error('unsafe database name');
  const admin = new pg.Client({ connectionString: `${pgBase}/postgres` });
  await admin.connect();
  try {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [
      databaseName,
    ]);
    let fresh = exists.rowCount === 0;
    if (!fresh) {
      const marker = await readMarker();
      if (
        process.env.BENCH_REGENERATE === '1' ||
        marker !== `${scale}/${seed}/${DATASET_VERSION}`
      ) {
        log(
          `dropping ${databaseName} (data set ${marker ?? 'incomplete'}, want ${scale}/${seed}/${DATASET_VERSION})`,
        );
        await admin.query(`drop database ${databaseName} with (force)`);
        fresh = true;
      }
    }
    if (fresh) await admin.query(`create database ${databaseName}`);
    return fresh;
  } finally {
    await admin.end();
  }
}

async function readMarker(): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const result = await client.query<{ marker: string }>(
      `select scale || '/' || seed || '/' || version as marker from bench_dataset`,
    );
    return result.rows[0]?.marker;
  } catch {
    return undefined;
  } finally {
    await client.end();
  }
}

interface Row {
  name: string;
  figures: Figures;
  /** The same requests one at a time: the latency of the work itself, without queueing. */
  alone?: Figures;
  floor?: { sql: Figures; perRequest: number };
  note?: string;
}

async function main(): Promise<void> {
  const started = Date.now();
  log(
    `bench: scale ${scale} (${shape.users} users, ${shape.transactions} transactions), seed ${seed}`,
  );
  log(
    `machine: ${os.cpus().length} x ${os.cpus()[0]?.model}, ${Math.round(os.totalmem() / 2 ** 30)} GB, Node ${process.version}`,
  );

  if (process.env.BENCH_SKIP_WEB_BUILD !== '1') {
    log('building the web app and the server...');
    execFileSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'ignore' });
  }
  const bundle = pageWeights(`${repoRoot}apps/web/dist`);

  const fresh = await ensureDatabase();
  const dataDir = `${os.tmpdir()}/portal-bench-${databaseName}`;
  mkdirSync(dataDir, { recursive: true });
  const server = await startServer(databaseUrl, dataDir);
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    if (fresh) {
      log('generating...');
      const at = Date.now();
      await generate(db, shape, seed);
      // Index-only scans need the visibility map a fresh table does not have yet.
      await db.query('vacuum analyze');
      await db.query(
        'create table bench_dataset (scale float8, seed int, version int, generated_at timestamptz)',
      );
      await db.query('insert into bench_dataset values ($1, $2, $3, now())', [
        scale,
        seed,
        DATASET_VERSION,
      ]);
      log(`generated in ${((Date.now() - at) / 1000).toFixed(1)} s`);
    } else {
      // Earlier runs added and updated rows (buys, deposits, the kept counts): keep the
      // visibility map and statistics current and clear dead rows: autovacuum may be off (it is
      // off on the PostgreSQL these machines run), and every run would then start slower.
      await db.query('vacuum analyze');
    }
    const rows = parts.has('load')
      ? await measure(server, db)
      : { rows: parts.has('webhook') ? await webhookLoads(server.url, db) : [], empty: NO_FIGURES };
    const exports = parts.has('exports') ? await measureExports(databaseUrl, dataDir) : [];
    const live = parts.has('live') ? await measureLive(server, db) : undefined;
    report(rows, exports, live, bundle, started);
  } finally {
    await db.end();
    await server.stop();
  }
}

async function measure(server: Awaited<ReturnType<typeof startServer>>, db: pg.Client) {
  const ids = (
    await db.query<{ whale: string; account: string; merchant: string; agency: string }>(
      `select w.id as whale, a.id as account, a.merchant_id as merchant, g.agency_id as agency
         from users w join merchant_accounts a on a.user_id = w.id, users g
        where w.email = $1 and g.email = $2`,
      [WHALE_EMAIL, BIG_AGENCY_EMAIL],
    )
  ).rows[0]!;
  const whale = await signIn(server.url, WHALE_EMAIL, PASSWORD, clientAddress(1));
  const agency = await signIn(server.url, BIG_AGENCY_EMAIL, PASSWORD, clientAddress(2));

  const rows: Row[] = [];
  const get = (session: Session, path: string) =>
    httpLoad({
      url: server.url,
      seconds,
      connections,
      headers: session.headers,
      requests: [{ method: 'GET', path }],
    });

  const empty = await medianOf(runs, () => get(whale, '/api/bench/empty'));
  rows.push({ name: 'floor: empty signed-in route', figures: empty });
  log(line('floor: empty signed-in route', empty));

  // Page DEEP_PAGE as Next reaches it: with the cursor page DEEP_PAGE - 1 answered with.
  const cursorBefore = async (session: Session, path: string) => {
    const response = await fetch(
      `${server.url}${path}?page=${DEEP_PAGE - 1}&pageSize=${PAGE_SIZE}`,
      {
        headers: session.headers,
      },
    );
    const body = (await response.json()) as { nextCursor?: string | null };
    if (!response.ok || !body.nextCursor)
      throw new Error(`no cursor from ${path}: ${response.status}`);
    return body.nextCursor;
  };
  const myCursor = await cursorBefore(whale, '/api/transactions');
  const agencyCursor = await cursorBefore(agency, '/api/agency/transactions');

  // The lists. Each with the statements its repository function sends, replayed through pg.
  const year = new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10);
  const today = new Date().toISOString().slice(0, 10);
  const cases = [
    {
      name: 'dashboard (open requests, 2 calls)',
      session: whale,
      paths: [
        '/api/transactions?status=Requested&pageSize=5',
        '/api/transactions?status=Pending&pageSize=5',
      ],
      run: (d: Parameters<typeof listTransactions>[0]) =>
        Promise.all([
          listTransactions(d, { userId: ids.whale, status: 'Requested', page: 1, pageSize: 5 }),
          listTransactions(d, { userId: ids.whale, status: 'Pending', page: 1, pageSize: 5 }),
        ]),
    },
    ...[1, DEEP_PAGE].map((page) => ({
      name: `My Transactions, page ${page}`,
      session: whale,
      paths: [`/api/transactions?page=${page}&pageSize=${PAGE_SIZE}`],
      run: (d: Parameters<typeof listTransactions>[0]) =>
        listTransactions(d, { userId: ids.whale, page, pageSize: PAGE_SIZE }),
    })),
    {
      name: `My Transactions, page ${DEEP_PAGE} by Next (cursor)`,
      session: whale,
      paths: [
        `/api/transactions?page=${DEEP_PAGE}&pageSize=${PAGE_SIZE}&after=${encodeURIComponent(myCursor)}`,
      ],
      run: (d: Parameters<typeof listTransactions>[0]) =>
        listTransactions(d, {
          userId: ids.whale,
          page: DEEP_PAGE,
          pageSize: PAGE_SIZE,
          after: myCursor,
        }),
    },
    {
      name: 'My Transactions, Completed, last year',
      session: whale,
      paths: [`/api/transactions?status=Completed&from=${year}&to=${today}&pageSize=${PAGE_SIZE}`],
      run: (d: Parameters<typeof listTransactions>[0]) =>
        listTransactions(d, {
          userId: ids.whale,
          status: 'Completed',
          from: year,
          to: today,
          page: 1,
          pageSize: PAGE_SIZE,
        }),
    },
    {
      name: 'My Transactions, search "BM07"',
      session: whale,
      paths: [`/api/transactions?q=BM07&pageSize=${PAGE_SIZE}`],
      run: (d: Parameters<typeof listTransactions>[0]) =>
        listTransactions(d, { userId: ids.whale, q: 'BM07', page: 1, pageSize: PAGE_SIZE }),
    },
    ...[1, DEEP_PAGE].map((page) => ({
      name: `Client Transactions (big agency), page ${page}`,
      session: agency,
      paths: [`/api/agency/transactions?page=${page}&pageSize=${PAGE_SIZE}`],
      run: (d: Parameters<typeof listTransactions>[0]) =>
        listAgencyTransactions(d, { agencyId: ids.agency, page, pageSize: PAGE_SIZE }),
    })),
    {
      name: `Client Transactions, page ${DEEP_PAGE} by Next (cursor)`,
      session: agency,
      paths: [
        `/api/agency/transactions?page=${DEEP_PAGE}&pageSize=${PAGE_SIZE}&after=${encodeURIComponent(agencyCursor)}`,
      ],
      run: (d: Parameters<typeof listTransactions>[0]) =>
        listAgencyTransactions(d, {
          agencyId: ids.agency,
          page: DEEP_PAGE,
          pageSize: PAGE_SIZE,
          after: agencyCursor,
        }),
    },
  ];

  for (const item of cases) {
    const statements: Query[] = await captureStatements(databaseUrl, item.run);
    const figures = await medianOf(runs, () =>
      httpLoad({
        url: server.url,
        seconds,
        connections,
        headers: item.session.headers,
        requests: item.paths.map((path) => ({ method: 'GET', path })),
      }),
    );
    const alone = await medianOf(runs, () =>
      httpLoad({
        url: server.url,
        seconds,
        connections: 1,
        headers: item.session.headers,
        requests: item.paths.map((path) => ({ method: 'GET', path })),
      }),
    );
    const sql = await medianOf(runs, () => sqlLoad(databaseUrl, statements, seconds, connections));
    // One replay runs every call's statements: per HTTP request that is paths.length times more.
    const row: Row = {
      name: item.name,
      figures,
      alone,
      floor: { sql, perRequest: sql.rps * item.paths.length },
    };
    rows.push(row);
    log(line(item.name, figures, ratioText(row, empty)));
  }

  rows.push(await signInLoad(server.url));
  log(line('sign-in', rows.at(-1)!.figures));
  rows.push(await buyLoad(server.url, whale, ids));
  log(line('create a buy request', rows.at(-1)!.figures));
  rows.push(...(await webhookLoads(server.url, db)));
  return { rows, empty };
}

async function webhookLoads(url: string, db: pg.Client): Promise<Row[]> {
  const rows: Row[] = [];
  for (const batch of [1, WEBHOOK_BATCH]) {
    rows.push(await webhookLoad(url, db, batch));
    log(line(rows.at(-1)!.name, rows.at(-1)!.figures, rows.at(-1)!.note));
  }
  return rows;
}

/** Sign-in as many different clients from many addresses, as a crowd would. */
async function signInLoad(url: string): Promise<Row> {
  const anon = await anonymous(url, clientAddress(3));
  let n = 0;
  const figures = await medianOf(runs, () =>
    httpLoad({
      url,
      seconds,
      connections,
      headers: { ...anon.headers, 'content-type': 'application/json' },
      requests: [
        {
          method: 'POST',
          path: '/api/auth/sign-in',
          setupRequest: (request) => {
            n += 1;
            const user = 100 + (n % (shape.users - 200));
            return {
              ...request,
              headers: { ...request.headers, 'x-forwarded-for': clientAddress(1000 + n) },
              body: JSON.stringify({
                email: `bench-user-${user}@bench.example`,
                password: PASSWORD,
              }),
            };
          },
        },
      ],
    }),
  );
  return { name: 'sign-in', figures, note: 'argon2id verification per request' };
}

async function buyLoad(
  url: string,
  whale: Session,
  ids: { account: string; merchant: string },
): Promise<Row> {
  let n = 0;
  const figures = await medianOf(runs, async () => {
    // A quote is good for two minutes: a fresh one per run.
    const response = await fetch(`${url}/api/quotes?merchantId=${ids.merchant}&side=buy`, {
      headers: whale.headers,
    });
    const { token } = (await response.json()) as { token: string };
    const body = JSON.stringify({ accountId: ids.account, amount: '10', quoteToken: token });
    return httpLoad({
      url,
      seconds,
      connections,
      headers: { ...whale.headers, 'content-type': 'application/json' },
      requests: [
        {
          method: 'POST',
          path: '/api/transactions/buy',
          body,
          setupRequest: (request) => ({
            ...request,
            headers: { ...request.headers, 'idempotency-key': `bench-${Date.now()}-${(n += 1)}` },
          }),
        },
      ],
    });
  });
  return { name: 'create a buy request', figures };
}

/** Deposits per delivery in the batched webhook run (the webhook takes up to 500). */
const WEBHOOK_BATCH = 100;

/**
 * The bank's notifications, each for an open request it settles, one per delivery or in batches. Clients from the end of the
 * user range, each with one open request per run, more than a run can use (past the last one a
 * notification would be a re-delivery, answered as a duplicate).
 */
async function webhookLoad(url: string, db: pg.Client, batch: number): Promise<Row> {
  const count = Math.min(batch === 1 ? 15_000 : 30_000, Math.floor(shape.users / 3));
  const settledRates: number[] = [];
  let tag = 0;
  const figures = await medianOf(runs, async () => {
    await closeLeftovers(db);
    const deposits = await prepareDeposits(
      db,
      { first: shape.users - count + 1, count },
      `${Date.now()}-${(tag += 1)}`,
    );
    // A batch is { deposits: [...] } of `batch` notifications, signed as one delivery.
    const bodies =
      batch === 1
        ? deposits.map((deposit) => deposit.body)
        : Array.from({ length: Math.ceil(deposits.length / batch) }, (_, index) =>
            JSON.stringify({
              deposits: deposits
                .slice(index * batch, (index + 1) * batch)
                .map((deposit) => JSON.parse(deposit.body) as unknown),
            }),
          );
    let next = 0;
    const at = performance.now();
    const result = await httpLoad({
      url,
      seconds,
      connections,
      requests: [
        {
          method: 'POST',
          path: '/api/bank/deposits',
          setupRequest: (request) => {
            const body = bodies[next % bodies.length]!;
            next += 1;
            return {
              ...request,
              body,
              headers: {
                ...signedHeaders(BANK_SECRET, body),
                'x-forwarded-for': clientAddress(next),
              },
            };
          },
        },
      ],
    });
    const elapsed = (performance.now() - at) / 1000;
    const settled = await db.query<{ n: string }>(
      `select count(*) as n from transactions where id = any($1::uuid[]) and status = 'Completed'`,
      [deposits.map((deposit) => deposit.transactionId)],
    );
    settledRates.push(Number(settled.rows[0]!.n) / elapsed);
    return result;
  });
  return {
    name:
      batch === 1
        ? 'deposit webhook with matching'
        : `deposit webhook, batches of ${batch} deposits`,
    figures,
    note: `${Math.round(median(settledRates))} deposits/s: requests completed by their deposit per second`,
  };
}

interface ExportFigure {
  format: string;
  rows: number;
  seconds: number;
  peakRssMb: number;
  baseRssMb: number;
}

/**
 * The whale's completed buys (about 105,000 at scale 1) in both formats. Each export runs on a
 * freshly started built server (apps/server/dist, as `npm start` runs it), so its peak RSS is the
 * server's own plus that export's, not tsx's or what earlier runs left in the heap.
 */
async function measureExports(url: string, dataDir: string): Promise<ExportFigure[]> {
  const figures: ExportFigure[] = [];
  for (const format of ['csv', 'xlsx'] as const) {
    const samples: ExportFigure[] = [];
    for (let run = 0; run < runs; run++) {
      const server = await startServer(url, dataDir, 'built');
      const whale = await signIn(server.url, WHALE_EMAIL, PASSWORD, clientAddress(4 + run));
      resetPeakMemory(server.pid);
      const base = memoryOf(server.pid).rssMb;
      const at = performance.now();
      const response = await fetch(
        `${server.url}/api/transactions/export.${format}?type=buy&status=Completed&lang=ko`,
        { headers: whale.headers },
      );
      const body = Buffer.from(await response.arrayBuffer());
      const elapsed = (performance.now() - at) / 1000;
      if (response.status !== 200) throw new Error(`export.${format}: HTTP ${response.status}`);
      const rows =
        format === 'csv' ? body.toString('utf8').split('\r\n').filter(Boolean).length - 1 : NaN;
      samples.push({
        format,
        rows,
        seconds: elapsed,
        peakRssMb: memoryOf(server.pid).peakMb,
        baseRssMb: base,
      });
      await server.stop();
    }
    const figure = {
      format,
      rows: samples[0]!.rows,
      seconds: median(samples.map((s) => s.seconds)),
      peakRssMb: median(samples.map((s) => s.peakRssMb)),
      baseRssMb: median(samples.map((s) => s.baseRssMb)),
    };
    figures.push(figure);
    log(
      `export ${format}: ${Number.isNaN(figure.rows) ? '' : `${figure.rows} rows, `}${figure.seconds.toFixed(2)} s, peak RSS ${figure.peakRssMb.toFixed(0)} MB (before ${figure.baseRssMb.toFixed(0)} MB)`,
    );
  }
  return figures;
}

/**
 * From the webhook's response to the `transaction` event on the client's open stream, as the
 * web app reads it (fetch, not EventSource). 20 deposits, one after another.
 */
async function measureLive(server: Awaited<ReturnType<typeof startServer>>, db: pg.Client) {
  const userNumber = shape.users - Math.min(15_000, Math.floor(shape.users / 4));
  const email = `bench-user-${userNumber}@bench.example`;
  const session = await signIn(server.url, email, PASSWORD, clientAddress(5));
  const controller = new AbortController();
  const stream = await fetch(`${server.url}/api/events`, {
    headers: session.headers,
    signal: controller.signal,
  });
  const arrivals = new Map<string, number>();
  const waiting = new Map<string, (at: number) => void>();
  const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  void (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
      const at = performance.now();
      buffer += value;
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const message = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = /^data: (.*)$/m.exec(message)?.[1];
        if (!message.startsWith('event: transaction') || !data) continue;
        const { transactionId, status } = JSON.parse(data) as {
          transactionId: string;
          status: string;
        };
        if (status !== 'Completed') continue;
        arrivals.set(transactionId, at);
        waiting.get(transactionId)?.(at);
      }
    }
  })();

  const latencies: number[] = [];
  for (let i = 0; i < 20; i++) {
    await closeLeftovers(db);
    const [deposit] = await prepareDeposits(
      db,
      { first: userNumber, count: 1 },
      `live-${Date.now()}-${i}`,
    );
    const arrived = new Promise<number>((resolve) => {
      const seen = arrivals.get(deposit!.transactionId);
      if (seen !== undefined) resolve(seen);
      else waiting.set(deposit!.transactionId, resolve);
    });
    const response = await fetch(`${server.url}/api/bank/deposits`, {
      method: 'POST',
      headers: {
        ...signedHeaders(BANK_SECRET, deposit!.body),
        'x-forwarded-for': clientAddress(900 + i),
      },
      body: deposit!.body,
    });
    await response.arrayBuffer();
    const responded = performance.now();
    const eventAt = await Promise.race([
      arrived,
      new Promise<number>((resolve) => setTimeout(() => resolve(Number.NaN), 5_000)),
    ]);
    latencies.push(eventAt - responded);
  }
  controller.abort();
  const delivered = latencies.filter((value) => !Number.isNaN(value));
  const result = {
    delivered: delivered.length,
    sent: latencies.length,
    p50: median(delivered),
    max: Math.max(...delivered),
  };
  log(
    `live update: ${result.delivered}/${result.sent} delivered, median ${result.p50.toFixed(1)} ms, max ${result.max.toFixed(1)} ms after the webhook's response`,
  );
  return result;
}

/**
 * An endpoint does the empty route's work (session, hooks, reply) and then its SQL, one after
 * the other on the same two cores: its floor is the throughput of both costs in series,
 * 1 / (1/empty + 1/sql). The stricter min(empty, sql) is printed too.
 */
function floorOf(row: Row, empty: Figures): { series: number; min: number } | undefined {
  if (!row.floor) return undefined;
  const sql = row.floor.perRequest;
  return { series: 1 / (1 / empty.rps + 1 / sql), min: Math.min(sql, empty.rps) };
}

function ratioText(row: Row, empty: Figures): string {
  const floor = floorOf(row, empty);
  if (!floor || !row.floor) return '';
  return `alone p50 ${row.alone?.p50} p99 ${row.alone?.p99} ms; floor ${floor.series.toFixed(0)}/s (pg ${row.floor.perRequest.toFixed(0)}/s p99 ${row.floor.sql.p99} ms, empty ${empty.rps.toFixed(0)}/s): ${pct(row.figures.rps / floor.series)} of floor, ${pct(row.figures.rps / floor.min)} of min`;
}

const pct = (ratio: number) => `${(ratio * 100).toFixed(0)} %`;

function line(name: string, figures: Figures, extra = ''): string {
  return `${name.padEnd(46)} ${figures.rps.toFixed(0).padStart(6)} req/s  p50 ${String(figures.p50).padStart(6)} ms  p99 ${String(figures.p99).padStart(6)} ms  errors ${figures.errors}${extra ? `  ${extra}` : ''}`;
}

function report(
  result: { rows: Row[]; empty: Figures },
  exports: ExportFigure[],
  live: Awaited<ReturnType<typeof measureLive>> | undefined,
  bundle: ReturnType<typeof pageWeights>,
  started: number,
): void {
  log('');
  log(
    `== Results: scale ${scale}, ${runs} runs of ${seconds} s, ${connections} connections, medians ==`,
  );
  log(
    `| Endpoint | req/s (${connections} conn.) | p50 ms | p99 ms | errors | alone p50 / p99 ms | pg floor req/s | floor req/s | of floor | of min(pg, empty) |`,
  );
  log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const row of result.rows) {
    const floor = floorOf(row, result.empty);
    log(
      `| ${row.name} | ${row.figures.rps.toFixed(0)} | ${row.figures.p50} | ${row.figures.p99} | ${row.figures.errors} | ${
        row.alone ? `${row.alone.p50} / ${row.alone.p99}` : ''
      } | ${row.floor ? row.floor.perRequest.toFixed(0) : ''} | ${floor ? floor.series.toFixed(0) : ''} | ${
        floor ? pct(row.figures.rps / floor.series) : ''
      } | ${floor ? pct(row.figures.rps / floor.min) : ''} |${row.note ? ` ${row.note}` : ''}`,
    );
  }
  log('');
  log('| Export (whale, completed buys) | rows | seconds | server peak RSS MB | RSS before MB |');
  log('| --- | ---: | ---: | ---: | ---: |');
  for (const e of exports) {
    log(
      `| ${e.format} | ${Number.isNaN(e.rows) ? 'same' : e.rows} | ${e.seconds.toFixed(2)} | ${e.peakRssMb.toFixed(0)} | ${e.baseRssMb.toFixed(0)} |`,
    );
  }
  log('');
  if (live) {
    log(
      `Live update after the webhook's response (negative: the event came first): median ${live.p50.toFixed(1)} ms, max ${live.max.toFixed(1)} ms (${live.delivered}/${live.sent})`,
    );
  }
  log('');
  log('| Page | JS files | JS gzip KB | CSS gzip KB |');
  log('| --- | ---: | ---: | ---: |');
  for (const page of bundle.pages) {
    log(
      `| ${page.page} | ${page.jsFiles} | ${(page.jsGzip / 1024).toFixed(1)} | ${(page.cssGzip / 1024).toFixed(1)} |`,
    );
  }
  log('');
  log(
    'Largest modules (minified bytes, all chunks): ' +
      bundle.largest.map((m) => `${m.module} ${(m.bytes / 1024).toFixed(0)} KB`).join(', '),
  );
  const out = `${repoRoot}bench/results`;
  mkdirSync(out, { recursive: true });
  writeFileSync(
    `${out}/latest-scale-${scale}.json`,
    JSON.stringify(
      {
        scale,
        seed,
        seconds,
        runs,
        connections,
        at: new Date().toISOString(),
        ...result,
        exports,
        live,
        bundle,
      },
      null,
      2,
    ),
  );
  log(
    `load average (1 min) at the end: ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores: other work on the machine shares the cores with the bench`,
  );
  log(
    `\ntotal ${((Date.now() - started) / 1000 / 60).toFixed(1)} min; figures in bench/results/latest-scale-${scale}.json`,
  );
}

await main();
