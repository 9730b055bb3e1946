import { randomBytes } from 'node:crypto';
import { readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '@server/config';
import {
  ENCRYPTION_KEY_FILE,
  EncryptionKeyError,
  loadEncryptionKey,
} from '@server/lib/crypto/encryption-key';
import { makeTempDir } from '@test/helpers';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

async function tempDataDir(): Promise<string> {
  const dir = await makeTempDir('encryption-key');
  cleanups.push(dir.remove);
  return join(dir.path, 'data');
}

describe('ENCRYPTION_KEY in the configuration', () => {
  it('decodes base64 of 32 bytes', () => {
    const key = randomBytes(32);
    expect(loadConfig({ ENCRYPTION_KEY: key.toString('base64') }).encryptionKey).toEqual(key);
    expect(loadConfig({ ENCRYPTION_KEY: key.toString('base64url') }).encryptionKey).toEqual(key);
    expect(loadConfig({}).encryptionKey).toBeUndefined();
  });

  it('refuses other lengths and non-base64 without echoing the value', () => {
    for (const value of [randomBytes(16).toString('base64'), 'not a key!', 'x'.repeat(44)]) {
      let error: unknown;
      try {
        loadConfig({ ENCRYPTION_KEY: value });
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).problems).toEqual([
        'ENCRYPTION_KEY must be base64 of exactly 32 bytes',
      ]);
    }
  });
});

describe('loadEncryptionKey', () => {
  const base = {
    nodeEnv: 'development' as const,
    databaseUrl: undefined,
    encryptionKey: undefined,
  };

  it('uses the configured key', async () => {
    const key = randomBytes(32);
    const dataDir = await tempDataDir();
    expect(await loadEncryptionKey({ ...base, dataDir, encryptionKey: key })).toEqual(key);
    await expect(stat(join(dataDir, ENCRYPTION_KEY_FILE))).rejects.toThrow();
  });

  it('generates a key file once, mode 0600, and keeps using it', async () => {
    const dataDir = await tempDataDir();
    const first = await loadEncryptionKey({ ...base, dataDir });
    expect(first).toHaveLength(32);
    const file = join(dataDir, ENCRYPTION_KEY_FILE);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(await loadEncryptionKey({ ...base, dataDir })).toEqual(first);
    expect(Buffer.from((await readFile(file, 'utf8')).trim(), 'base64')).toEqual(first);
  });

  it('gives instances racing to create the file the same key', async () => {
    const dataDir = await tempDataDir();
    const keys = await Promise.all(
      Array.from({ length: 8 }, () => loadEncryptionKey({ ...base, dataDir })),
    );
    for (const key of keys) expect(key).toEqual(keys[0]);
  });

  it('refuses a damaged key file instead of replacing it', async () => {
    const dataDir = await tempDataDir();
    await loadEncryptionKey({ ...base, dataDir });
    const file = join(dataDir, ENCRYPTION_KEY_FILE);
    await writeFile(file, 'broken\n');
    await expect(loadEncryptionKey({ ...base, dataDir })).rejects.toThrow(EncryptionKeyError);
    expect(await readFile(file, 'utf8')).toBe('broken\n');
  });

  it('refuses to start in production with DATABASE_URL and no ENCRYPTION_KEY', async () => {
    const dataDir = await tempDataDir();
    const production = {
      ...base,
      dataDir,
      nodeEnv: 'production' as const,
      databaseUrl: 'postgres://db.internal/portal',
    };
    await expect(loadEncryptionKey(production)).rejects.toThrow(/ENCRYPTION_KEY is required/);
    const key = randomBytes(32);
    expect(await loadEncryptionKey({ ...production, encryptionKey: key })).toEqual(key);
    // Production on the embedded database is one instance: the key file is fine there.
    expect(await loadEncryptionKey({ ...production, databaseUrl: undefined })).toHaveLength(32);
  });
});
