import { cp, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, PGLITE_EXTENSIONS } from '@server/db/client';
import { DEMO_USERS } from '@server/demo/identity';
import { totpCodeAt } from '@server/modules/two-factor/totp';
import { Browser } from './lib/browser';
import { freePort, ThrowawayCluster } from './lib/cluster';
import { quoteFor, setUpMoney, type Client } from './lib/fixtures';
import { report } from './lib/report';
import { ServerProcess } from './lib/server-process';
import {
  differences,
  hashFiles,
  snapshotDatabase,
  type Queryable,
  type Snapshot,
} from './lib/snapshot';

/**
 * The procedures of docs/BACKUPS.md, carried out. Make data (users, buys and
 * sells with their ledger entries, identity documents on disk), back up, destroy or change,
 * restore, and compare every table's content, the ledger sum and the files' hashes.
 */
let work: string;
let cluster: ThrowawayCluster;
beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'portal-hardening-backups-'));
  cluster = await ThrowawayCluster.create('hardening-backups');
});
afterAll(async () => {
  await cluster?.destroy();
  if (work) await rm(work, { recursive: true, force: true });
});

async function makeMoney(browser: Browser, merchantId: string, accountId: string, amount: string) {
  for (const side of ['buy', 'sell'] as const) {
    const made = await browser.post(
      `/api/transactions/${side}`,
      { accountId, amount, quoteToken: await quoteFor(browser, merchantId, side) },
      { 'idempotency-key': `backup-${side}-${amount}-${Date.now()}` },
    );
    if (made.status !== 201)
      throw new Error(`${side}: ${made.status} ${JSON.stringify(made.body)}`);
  }
}

function summary(snapshot: Snapshot, files: Record<string, string>) {
  return `${Object.keys(snapshot.tables).length} tables, ${snapshot.transactions} transactions, ${snapshot.ledgerEntries} ledger entries, ledger sum ${snapshot.ledgerSum}, ${Object.keys(files).length} files`;
}

/** Reads an embedded data folder while no server has it open. */
async function snapshotPglite(dataDir: string): Promise<Snapshot> {
  const client = await PGlite.create(join(dataDir, 'pglite'), { extensions: PGLITE_EXTENSIONS });
  try {
    return await snapshotDatabase(client as Queryable);
  } finally {
    await client.close();
  }
}

async function snapshotServer(url: string): Promise<Snapshot> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await snapshotDatabase(client as Queryable);
  } finally {
    await client.end();
  }
}

describe.sequential('backups', () => {
  it('embedded database: stop, copy the data folder, restore it', async () => {
    const section = 'backup: embedded data folder (PGlite)';
    const dataDir = join(work, 'embedded');
    const server = new ServerProcess({
      port: await freePort(),
      dataDir,
      logFile: join(work, 'embedded.log'),
      // The demo users and merchants give the embedded database a realistic start.
      env: { DEMO_DATA: 'true' },
    });
    await server.start();
    const client = new Browser(server.baseUrl);
    await client.get('/api/auth/me');
    const signedIn = await client.post('/api/auth/sign-in', {
      email: 'client@wonbridge.example',
      password: 'Client#2026!',
    });
    // The demo client's authenticator key is published (README "Demo sign-ins").
    const { secondFactor } = signedIn.body as { secondFactor: { challenge: string } };
    const proved = await client.post('/api/auth/sign-in/second-factor', {
      challenge: secondFactor.challenge,
      code: totpCodeAt(
        DEMO_USERS.find((user) => user.email === 'client@wonbridge.example')!.totpSecret!,
      ),
    });
    expect(proved.status, JSON.stringify(proved.body)).toBe(200);
    const accounts = await client.get<{ items: Array<{ id: string; merchant: { id: string } }> }>(
      '/api/accounts',
    );
    const account = accounts.body.items[0]!;
    await makeMoney(client, account.merchant.id, account.id, '10');
    // The demo client's identity documents are seeded as files (verified, docs/decisions/010):
    // they are what the uploads folder holds.
    await server.stop();

    const original = await snapshotPglite(dataDir);
    const originalFiles = await hashFiles(join(dataDir, 'uploads'));
    // The backup: with the server stopped, the whole folder (database, uploads, encryption.key).
    const backup = join(work, 'embedded-backup');
    await cp(dataDir, backup, { recursive: true, preserveTimestamps: true });

    // Life goes on after the backup (a new request), then a disaster: a document is lost.
    await server.start();
    await makeMoney(client, account.merchant.id, account.id, '11');
    await server.stop();
    await rm(join(dataDir, 'uploads'), { recursive: true, force: true });
    const changed = await snapshotPglite(dataDir);

    // The restore: replace the folder with the backup, then start.
    await rm(dataDir, { recursive: true, force: true });
    await cp(backup, dataDir, { recursive: true, preserveTimestamps: true });
    const restored = await snapshotPglite(dataDir);
    const restoredFiles = await hashFiles(join(dataDir, 'uploads'));
    await server.start();
    // The session made before the backup is in the restored database, so it still works.
    const me = await client.get<{ user: { email: string } | null }>('/api/auth/me');
    await server.stop();

    const differs = differences(original, restored);
    report(section, [
      { name: 'backed up', value: summary(original, originalFiles) },
      { name: 'after the backup', value: `changed: ${differences(original, changed).join(', ')}` },
      { name: 'restored', value: summary(restored, restoredFiles) },
      {
        name: 'tables differing from the backup',
        value: differs.length === 0 ? 'none' : differs.join(', '),
        ok: differs.length === 0,
      },
      {
        name: 'ledger sum after restore',
        value: restored.ledgerSum,
        ok: restored.ledgerSum === '0',
      },
      {
        name: 'identity documents (sha256) equal',
        value: `${Object.keys(restoredFiles).length} of ${Object.keys(originalFiles).length}`,
        ok: JSON.stringify(restoredFiles) === JSON.stringify(originalFiles),
      },
      {
        name: 'session from before the backup',
        value: me.body.user?.email ?? 'signed out',
        ok: me.body.user !== null,
      },
    ]);
    expect(differences(original, changed).length).toBeGreaterThan(0);
    expect(differs).toEqual([]);
    expect(restored.ledgerSum).toBe('0');
    expect(Object.keys(originalFiles).length).toBeGreaterThan(0);
    expect(restoredFiles).toEqual(originalFiles);
    expect(me.body.user?.email).toBe('client@wonbridge.example');
  });

  it('PostgreSQL server: pg_dump -Fc, drop the database, pg_restore into a new one', async () => {
    const section = 'backup: PostgreSQL server (pg_dump / pg_restore)';
    const sourceUrl = await cluster.createDatabase('backup_source');
    const dataDir = join(work, 'server-data');
    const port = await freePort();
    const serverOn = (databaseUrl: string) =>
      new ServerProcess({ port, databaseUrl, dataDir, logFile: join(work, 'server.log') });

    let server = serverOn(sourceUrl);
    await server.start();
    const db = await openDatabase({ driver: 'postgres', url: sourceUrl });
    let clients: Client[];
    let merchantId: string;
    try {
      ({ clients, merchantId } = await setUpMoney(db.db, server.baseUrl, {
        count: 2,
        balance: '500',
        identity: 'uploads',
      }));
    } finally {
      await db.close();
    }
    for (const [index, client] of clients.entries()) {
      await makeMoney(client.browser, merchantId, client.accountId, `${index + 3}.5`);
    }
    await server.stop();

    const original = await snapshotServer(sourceUrl);
    const originalFiles = await hashFiles(join(dataDir, 'uploads'));
    // The backup: a custom-format dump (consistent while the server runs; stopped here only so
    // the comparison is exact) and a copy of the uploads folder.
    const dump = join(work, 'portal.dump');
    await cluster.client('pg_dump', ['-Fc', '--no-owner', '-f', dump, '--dbname', sourceUrl]);
    const uploadsBackup = join(work, 'uploads-backup');
    await cp(join(dataDir, 'uploads'), uploadsBackup, {
      recursive: true,
      preserveTimestamps: true,
    });

    // The disaster: the database and the files are gone.
    const admin = new pg.Client({ connectionString: cluster.url() });
    await admin.connect();
    await admin.query('DROP DATABASE backup_source WITH (FORCE)');
    await admin.end();
    await rm(join(dataDir, 'uploads'), { recursive: true, force: true });

    // The restore: into a new, empty database, files back in place.
    const restoredUrl = await cluster.createDatabase('backup_restored');
    await cluster.client('pg_restore', [
      '--no-owner',
      '--exit-on-error',
      '--dbname',
      restoredUrl,
      dump,
    ]);
    await mkdir(dataDir, { recursive: true });
    await cp(uploadsBackup, join(dataDir, 'uploads'), {
      recursive: true,
      preserveTimestamps: true,
    });
    const restored = await snapshotServer(restoredUrl);
    const restoredFiles = await hashFiles(join(dataDir, 'uploads'));

    server = serverOn(restoredUrl);
    await server.start();
    let works = false;
    let session = 'signed out';
    try {
      const client = clients[0]!;
      const me = await client.browser.get<{ user: { email: string } | null }>('/api/auth/me');
      session = me.body.user?.email ?? 'signed out';
      // Numbers continue after the restored ones (the sequence came back too).
      const made = await client.browser.post<{ number: string }>(
        '/api/transactions/buy',
        {
          accountId: client.accountId,
          amount: '1',
          quoteToken: await quoteFor(client.browser, merchantId, 'buy'),
        },
        { 'idempotency-key': `after-restore-${Date.now()}` },
      );
      works =
        made.status === 201 &&
        Number(made.body.number.slice(1)) > Number(original.transactionNumber);
    } finally {
      await server.stop();
    }

    const differs = differences(original, restored);
    report(section, [
      { name: 'backed up', value: summary(original, originalFiles) },
      { name: 'restored', value: summary(restored, restoredFiles) },
      {
        name: 'tables differing from the backup',
        value: differs.length === 0 ? 'none' : differs.join(', '),
        ok: differs.length === 0,
      },
      {
        name: 'ledger sum after restore',
        value: restored.ledgerSum,
        ok: restored.ledgerSum === '0',
      },
      {
        name: 'identity documents (sha256) equal',
        value: `${Object.keys(restoredFiles).length} of ${Object.keys(originalFiles).length}`,
        ok: JSON.stringify(restoredFiles) === JSON.stringify(originalFiles),
      },
      { name: 'session from before the backup', value: session, ok: session === clients[0]!.email },
      {
        name: 'new buy after restore (number continues)',
        value: works ? 'made' : 'failed',
        ok: works,
      },
    ]);
    expect(differs).toEqual([]);
    expect(restored.ledgerSum).toBe('0');
    expect(restored.ledgerEntries).toBeGreaterThan(0);
    // Four identity documents for each client.
    expect(Object.keys(originalFiles).length).toBe(clients.length * 4);
    expect(restoredFiles).toEqual(originalFiles);
    expect(session).toBe(clients[0]!.email);
    expect(works).toBe(true);
  });
});
