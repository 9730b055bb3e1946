import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newStorageKey, type FileStorage } from '@server/lib/storage/file-storage';
import { LocalDiskStorage } from '@server/lib/storage/local-disk-storage';
import { S3FileStorage } from '@server/lib/storage/s3-file-storage';
import { makeTempDir } from '@test/helpers';
import { startObjectStore } from '@test/object-store';

/**
 * What every FileStorage does, run against each one: files on local disk, and objects in a
 * real S3 protocol server (s3rver on loopback). Routes and the file sweep rely on exactly this.
 */
interface Subject {
  storage: FileStorage;
  /** Puts something under `path` that the portal did not store (not a key it makes). */
  plantForeign(path: string): Promise<void>;
  close(): Promise<void>;
}

const subjects: [string, () => Promise<Subject>][] = [
  [
    'LocalDiskStorage',
    async () => {
      const folder = await makeTempDir('contract-disk');
      return {
        storage: new LocalDiskStorage(folder.path),
        async plantForeign(path) {
          await mkdir(dirname(join(folder.path, path)), { recursive: true });
          await writeFile(join(folder.path, path), 'not ours');
        },
        close: folder.remove,
      };
    },
  ],
  [
    'S3FileStorage',
    async () => {
      const store = await startObjectStore();
      const storage = new S3FileStorage(store.location);
      return {
        storage,
        plantForeign: (path) => store.plant(path, 'not ours'),
        async close() {
          storage.close();
          await store.close();
        },
      };
    },
  ],
];

describe.each(subjects)('%s', (_name, open) => {
  let subject: Subject;
  let storage: FileStorage;
  beforeAll(async () => {
    subject = await open();
    storage = subject.storage;
  });
  afterAll(() => subject.close());

  async function listed(): Promise<Map<string, Date>> {
    const found = new Map<string, Date>();
    for await (const entry of storage.list('kyc')) found.set(entry.key, entry.storedAt);
    return found;
  }

  it('stores, reads, checks and deletes a file', async () => {
    const key = newStorageKey('kyc');
    const bytes = Buffer.from([0, 1, 2, 250, 251, 252, ...Buffer.from('한국어 bytes')]);
    expect(await storage.exists(key)).toBe(false);
    expect(await storage.get(key)).toBeNull();

    await storage.put(key, bytes, 'image/png');
    expect(await storage.exists(key)).toBe(true);
    const file = await storage.get(key);
    expect(file?.sizeBytes).toBe(bytes.length);
    expect((await buffer(file!.body)).equals(bytes)).toBe(true);

    await storage.delete(key);
    expect(await storage.exists(key)).toBe(false);
    expect(await storage.get(key)).toBeNull();
    // Deleting what is not there is not an error.
    await expect(storage.delete(key)).resolves.toBeUndefined();
  });

  it('replaces a file whole when its key is written again', async () => {
    const key = newStorageKey('kyc');
    await storage.put(key, Buffer.alloc(5000, 7), 'application/octet-stream');
    await storage.put(key, Buffer.from('short'), 'text/plain');
    const file = await storage.get(key);
    expect(file?.sizeBytes).toBe(5);
    expect((await buffer(file!.body)).toString()).toBe('short');
    await storage.delete(key);
  });

  it('lists the files of an area with when they were stored, and nothing it did not make', async () => {
    const before = Date.now();
    const kept = newStorageKey('kyc');
    const removed = newStorageKey('kyc');
    await storage.put(kept, Buffer.from('kept'), 'text/plain');
    await storage.put(removed, Buffer.from('removed'), 'text/plain');
    await storage.delete(removed);
    await subject.plantForeign('kyc/notes.txt');
    await subject.plantForeign(`kyc/${kept.slice(4)}.bak`);

    const found = await listed();
    expect([...found.keys()]).toEqual([kept]);
    // Stores keep times to the second: a minute either way is what the sweep's grace allows.
    const storedAt = found.get(kept)!.getTime();
    expect(storedAt).toBeGreaterThan(before - 60_000);
    expect(storedAt).toBeLessThan(Date.now() + 60_000);
    await storage.delete(kept);
    expect(await listed()).toEqual(new Map());
  });

  it('refuses keys it did not make, for every operation, and stores nothing', async () => {
    const valid = newStorageKey('kyc');
    for (const key of [
      '../outside',
      'kyc/../../escape',
      '/etc/passwd',
      `${valid}/`,
      'KYC/ab/x',
      '',
    ]) {
      await expect(storage.put(key, Buffer.from('x'), 'text/plain')).rejects.toThrow(/storage key/);
      await expect(storage.get(key)).rejects.toThrow(/storage key/);
      await expect(storage.exists(key)).rejects.toThrow(/storage key/);
      await expect(storage.delete(key)).rejects.toThrow(/storage key/);
    }
    expect(await listed()).toEqual(new Map());
  });
});
