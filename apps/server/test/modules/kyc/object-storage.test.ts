import { DeleteObjectCommand } from '@aws-sdk/client-s3';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kycDocuments } from '@server/db/schema';
import { newStorageKey } from '@server/lib/storage/file-storage';
import type { App } from '@server/lib/zod-routes';
import { ORPHAN_GRACE_MS, sweepStoredFiles } from '@server/modules/kyc/file-sweep';
import { buildApp } from '@server/app';
import { buildTwoTestApps, openTestDatabase, ownPostgresDatabase, testConfig } from '@test/helpers';
import { replayCookies, signedIn } from '@test/identity';
import { captureLogs } from '@test/log-capture';
import { startObjectStore, type TestObjectStore } from '@test/object-store';
import { png, upload } from './kyc-test-kit';

/**
 * Identity documents in an S3-compatible bucket (STORAGE_URL, docs/decisions/030), over the real
 * S3 protocol (s3rver on loopback), with two portal instances on one database: on PostgreSQL
 * (DATABASE_URL) two pools on a database of this file's own; on the embedded database one
 * PGlite that both apps of this process share. The sweep reads whole tables, hence the own
 * database.
 */
let store: TestObjectStore;
let own: Awaited<ReturnType<typeof ownPostgresDatabase>>;
let first: App;
let second: App;

beforeAll(async () => {
  store = await startObjectStore();
  own = await ownPostgresDatabase();
  [first, second] = await buildTwoTestApps({
    objectStorage: store.location,
    ...(own ? { databaseUrl: own.url } : {}),
  });
});
afterAll(async () => {
  await second?.close();
  await first?.close();
  await own?.drop();
  await store?.close();
});

async function documentRow(app: App, id: string) {
  const [row] = await app.db.select().from(kycDocuments).where(eq(kycDocuments.id, id));
  return row;
}

/** A client signed in on `first`, the same session replayed on `second`. */
async function clientOnBoth() {
  const client = await signedIn(first, 'client');
  return { ...client, onSecond: replayCookies(second, client.browser.cookies) };
}

describe('identity documents in object storage, two instances', () => {
  it('upload through one instance; review and download through the other give the same bytes', async () => {
    const client = await clientOnBoth();
    const operator = await signedIn(second, 'operator');

    const uploaded = await upload(client.browser, 'id_front', { data: await png() });
    expect(uploaded.statusCode).toBe(201);
    const { id } = uploaded.json<{ id: string }>();
    const row = await documentRow(first, id);
    expect(await store.keys()).toContain(row!.storageKey);

    // Encryption at rest was asked for on the put, and the object went up as it was prepared.
    const put = store.requests.find((r) => r.method === 'PUT' && r.key === row!.storageKey);
    expect(put?.headers['x-amz-server-side-encryption']).toBe('AES256');
    expect(put?.headers['content-type']).toBe('image/png');
    const stored = await store.read(row!.storageKey);

    const queue = await operator.browser.get('/api/operator/kyc/documents?status=submitted');
    expect(queue.json<{ items: { id: string }[] }>().items.map((item) => item.id)).toContain(id);
    const byOperator = await operator.browser.get(`/api/kyc/documents/${id}/file`);
    expect(byOperator.statusCode).toBe(200);
    expect(byOperator.headers['content-type']).toBe('image/png');
    expect(Number(byOperator.headers['content-length'])).toBe(stored.length);
    expect(byOperator.rawPayload.equals(stored)).toBe(true);
    const approved = await operator.browser.post(`/api/operator/kyc/documents/${id}/approve`);
    expect(approved.json()).toMatchObject({ id, status: 'approved' });

    const byOwner = await client.browser.get(`/api/kyc/documents/${id}/file`);
    expect(byOwner.rawPayload.equals(stored)).toBe(true);
    // Someone else is told it does not exist, on either instance.
    const stranger = await signedIn(second, 'client');
    expect((await stranger.browser.get(`/api/kyc/documents/${id}/file`)).statusCode).toBe(404);
  });

  it('withdrawing a document through the other instance removes its object', async () => {
    const client = await clientOnBoth();
    const uploaded = await upload(client.browser, 'selfie', { data: await png() });
    const { id } = uploaded.json<{ id: string }>();
    const { storageKey } = (await documentRow(first, id))!;
    expect(await store.keys()).toContain(storageKey);

    expect((await client.onSecond.delete(`/api/kyc/documents/${id}`)).statusCode).toBe(204);
    expect(await store.keys()).not.toContain(storageKey);
    expect(await documentRow(first, id)).toBeUndefined();
  });

  it('a replaced document’s object goes once the new one is in', async () => {
    const client = await clientOnBoth();
    const older = (await upload(client.browser, 'id_back', { data: await png() })).json();
    const olderKey = (await documentRow(first, older.id))!.storageKey;
    const newer = (await upload(client.onSecond, 'id_back', { data: await png(150, 90) })).json();
    const newerKey = (await documentRow(second, newer.id))!.storageKey;
    const keys = await store.keys();
    expect(keys).toContain(newerKey);
    expect(keys).not.toContain(olderKey);
  });

  it('a database write that fails leaves no object behind', async () => {
    const client = await clientOnBoth();
    // The database itself refuses this user's document rows: a real failed transaction.
    await first.db.execute(
      sql.raw(`create function test_refuse_document() returns trigger language plpgsql as $$
        begin raise exception 'refused by the test'; end $$`),
    );
    await first.db.execute(
      sql.raw(`create trigger test_refuse_document before insert on kyc_documents for each row
        when (new.user_id = '${client.id}') execute function test_refuse_document()`),
    );
    try {
      const before = await store.keys();
      const seen = store.requests.length;
      const refused = await upload(client.browser, 'bank_book', { data: await png() });
      expect(refused.statusCode).toBe(500);
      // The object was put (the store saw it) and then deleted again.
      const asked = store.requests.slice(seen).filter((r) => !r.key.startsWith('?'));
      const put = asked.find((r) => r.method === 'PUT');
      expect(put).toBeDefined();
      expect(asked).toContainEqual(expect.objectContaining({ method: 'DELETE', key: put!.key }));
      expect(await store.keys()).toEqual(before);
      const rows = await first.db
        .select()
        .from(kycDocuments)
        .where(eq(kycDocuments.userId, client.id));
      expect(rows).toEqual([]);
    } finally {
      await first.db.execute(sql`drop trigger test_refuse_document on kyc_documents`);
      await first.db.execute(sql`drop function test_refuse_document()`);
    }
  });
  it('the sweep deletes old objects no row names, keeps young ones, and reports rows whose object is gone', async () => {
    const client = await clientOnBoth();
    const kept = (await upload(client.browser, 'id_front', { data: await png() })).json();
    const keptKey = (await documentRow(first, kept.id))!.storageKey;
    const lost = (await upload(client.browser, 'bank_book', { data: await png() })).json();
    const lostKey = (await documentRow(first, lost.id))!.storageKey;
    // The object of one row disappears behind the portal's back.
    await store.client.send(
      new DeleteObjectCommand({
        Bucket: store.location.bucket,
        Key: lostKey,
      }),
    );
    // An upload whose row never came, as a crash between the put and the insert leaves it.
    const orphan = newStorageKey('kyc');
    await first.storage.put(orphan, Buffer.from('orphan'), 'image/png');
    // Something in the bucket the portal did not make is never touched.
    await store.plant('kyc/someone-else.txt', 'not ours');

    const logs = captureLogs();
    const log = pino({ level: 'info' }, logs.stream);
    // Now, the orphan is younger than the grace: kept.
    const early = await sweepStoredFiles(second.db, second.storage, log);
    expect(early.orphansDeleted).toEqual([]);
    expect(await store.keys()).toContain(orphan);

    const later = new Date(Date.now() + ORPHAN_GRACE_MS + 60_000);
    // More orphans than allowed: an instance on the wrong database deletes nothing.
    const guarded = await sweepStoredFiles(second.db, second.storage, log, {
      now: later,
      maxOrphans: 0,
    });
    expect(guarded).toMatchObject({ orphansDeleted: [], orphansRefused: 1 });
    expect(await store.keys()).toContain(orphan);

    const swept = await sweepStoredFiles(second.db, second.storage, log, { now: later });
    expect(swept.orphansDeleted).toEqual([orphan]);
    expect(swept.missing).toEqual([
      { table: 'kyc_documents', rowId: lost.id, storageKey: lostKey },
    ]);
    const keys = await store.keys();
    expect(keys).not.toContain(orphan);
    expect(keys).toContain(keptKey);
    expect(keys).toContain('kyc/someone-else.txt');

    const errors = logs.lines().filter((line) => line.level === 50);
    expect(errors).toContainEqual(
      expect.objectContaining({ rowId: lost.id, table: 'kyc_documents' }),
    );
    expect(errors).toContainEqual(expect.objectContaining({ missingFiles: 1, orphansDeleted: 1 }));
    // The operator's download of that row is a 404 with the same row logged, as before.
    const operator = await signedIn(second, 'operator');
    expect((await operator.browser.get(`/api/kyc/documents/${lost.id}/file`)).statusCode).toBe(404);
  });
});

describe('a bucket that does not answer', () => {
  it('stops the app at start with a message naming STORAGE_URL', async () => {
    const database = await openTestDatabase(own?.url);
    const app = buildApp(
      testConfig({ objectStorage: { ...store.location, bucket: 'no-such-bucket' } }),
      { database },
    );
    await expect(app.ready()).rejects.toThrow(
      /STORAGE_URL: bucket "no-such-bucket" did not answer at http:\/\/127\.0\.0\.1:\d+/,
    );
    // The database opened before the storage failed is released with the app.
    await app.close();
    await expect(database.db.execute(sql`select 1`)).rejects.toThrow();
  });
});
