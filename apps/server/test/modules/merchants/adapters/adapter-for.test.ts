import { randomBytes, randomUUID } from 'node:crypto';
import { startReferenceMerchant } from '@portal/reference-merchant';
import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from '@server/db/client';
import { SecretBox } from '@server/lib/crypto/secret-box';
import { adapterFor } from '@server/modules/merchants/adapters';
import { buildTestApp } from '@test/helpers';

describe('adapterFor', () => {
  const secretBox = new SecretBox(randomBytes(32));
  const db = {} as Database;

  it('builds an HTTP adapter with the secret decrypted for that merchant row', async () => {
    const merchant = await startReferenceMerchant({
      port: 0,
      keyId: 'key-1',
      secret: 'shh',
      accounts: [{ accountNumber: 'H-1', password: 'pw', holderName: 'Choi', balance: '1' }],
    });
    try {
      const id = randomUUID();
      const row = {
        id,
        connection: 'http' as const,
        baseUrl: merchant.url,
        keyId: 'key-1',
        secretCiphertext: secretBox.seal('shh', id),
      };
      const adapter = adapterFor(row, { db, secretBox });
      const verified = await adapter.verifyAccount(
        { accountNumber: 'H-1', password: 'pw' },
        new AbortController().signal,
      );
      expect(verified.holderName).toBe('Choi');
      // The ciphertext of another row does not decrypt here.
      expect(() => adapterFor({ ...row, id: randomUUID() }, { db, secretBox })).toThrow(
        /does not decrypt/,
      );
      expect(() => adapterFor({ ...row, baseUrl: null }, { db, secretBox })).toThrow(/incomplete/);
    } finally {
      await merchant.stop();
    }
  });

  it('builds the sandbox adapter for sandbox merchants', () => {
    const adapter = adapterFor(
      {
        id: randomUUID(),
        connection: 'sandbox',
        baseUrl: null,
        keyId: null,
        secretCiphertext: null,
      },
      { db, secretBox },
    );
    expect(typeof adapter.debit).toBe('function');
  });
});

describe('secret box plugin', () => {
  const apps: Array<{ close(): Promise<unknown> }> = [];
  afterAll(() => Promise.all(apps.map((app) => app.close())));

  it('decorates the app with a SecretBox using the configured key', async () => {
    const key = randomBytes(32);
    const app = await buildTestApp({ encryptionKey: key });
    apps.push(app);
    await app.ready();
    const sealed = app.secretBox.seal('value', 'row-1');
    expect(new SecretBox(key).open(sealed, 'row-1')).toBe('value');
  });
});
