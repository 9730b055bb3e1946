import { mkdir, readdir, stat, symlink, writeFile } from 'node:fs/promises';
import { buffer } from 'node:stream/consumers';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isStorageKey, newStorageKey } from '@server/lib/storage/file-storage';
import { LocalDiskStorage } from '@server/lib/storage/local-disk-storage';
import { filesUnder, makeTempDir } from './kyc-test-kit';

let root: { path: string; remove: () => Promise<void> };
let storage: LocalDiskStorage;
beforeEach(async () => {
  root = await makeTempDir('storage');
  storage = new LocalDiskStorage(join(root.path, 'uploads'));
});
afterEach(() => root.remove());

describe('storage keys', () => {
  it('are random, and only keys of that shape are accepted', () => {
    const key = newStorageKey('kyc');
    expect(key).toMatch(/^kyc\/[0-9a-f]{2}\/[0-9a-f-]{36}$/);
    expect(newStorageKey('kyc')).not.toBe(key);
    expect(isStorageKey(key)).toBe(true);
    for (const bad of [
      '',
      'kyc',
      '../etc/passwd',
      'kyc/../../etc/passwd',
      '/etc/passwd',
      `kyc/${key.slice(4)}/..`,
      `kyc\\${key.slice(4)}`,
      `KYC/${key.slice(4)}`,
      `${key}\u0000`,
      `${key}/`,
    ]) {
      expect(isStorageKey(bad)).toBe(false);
    }
  });
});

describe('LocalDiskStorage', () => {
  // Storing, reading, checking and deleting a file: the suite every store passes,
  // test/lib/storage/file-storage-contract.test.ts.

  it('keeps files private to the server (0600 files, 0700 folders) and leaves no temporary files', async () => {
    const key = newStorageKey('kyc');
    await storage.put(key, Buffer.from('x'), 'text/plain');
    const path = join(storage.root, key);
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    expect((await stat(dirname(path))).mode & 0o777).toBe(0o700);
    expect((await stat(storage.root)).mode & 0o777).toBe(0o700);
    expect(await filesUnder(storage.root)).toEqual([key]);
  });

  it('replaces a file whole when a key is written again', async () => {
    const key = newStorageKey('kyc');
    await storage.put(key, Buffer.alloc(1000, 1), 'application/octet-stream');
    await storage.put(key, Buffer.from('short'), 'text/plain');
    const file = await storage.get(key);
    expect((await buffer(file!.body)).toString()).toBe('short');
    expect(await readdir(dirname(join(storage.root, key)))).toHaveLength(1);
  });

  it('refuses keys it did not make, for every operation', async () => {
    for (const key of ['../outside', 'kyc/../../escape', '/etc/passwd']) {
      await expect(storage.put(key, Buffer.from('x'), 'text/plain')).rejects.toThrow(/storage key/);
      await expect(storage.get(key)).rejects.toThrow(/storage key/);
      await expect(storage.exists(key)).rejects.toThrow(/storage key/);
      await expect(storage.delete(key)).rejects.toThrow(/storage key/);
    }
    expect(await filesUnder(root.path)).toEqual([]);
  });

  it('does not follow a symbolic link planted under a key', async () => {
    const secret = join(root.path, 'secret.txt');
    await writeFile(secret, 'top secret');
    const key = newStorageKey('kyc');
    const path = join(storage.root, key);
    await mkdir(dirname(path), { recursive: true });
    await symlink(secret, path);
    await expect(storage.get(key)).rejects.toThrow();
  });
});
