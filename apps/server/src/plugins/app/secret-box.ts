import { hkdfSync } from 'node:crypto';
import fp from 'fastify-plugin';
import { loadEncryptionKey } from '@server/lib/crypto/encryption-key';
import { SecretBox } from '@server/lib/crypto/secret-box';

declare module 'fastify' {
  interface FastifyInstance {
    /** Encrypts secrets kept in the database (merchant API secrets, link tokens). */
    secretBox: SecretBox;
    /**
     * A 32-byte key for one purpose ('anti-forgery', 'rate-quotes', 'known-devices'), derived from the master
     * key with HKDF-SHA256: one key per purpose, none of them stored anywhere.
     */
    keyFor(purpose: KeyPurpose): Buffer;
  }
}

/** What the derived keys are for; a new purpose gets a new, unrelated key. */
export type KeyPurpose = 'anti-forgery' | 'rate-quotes' | 'known-devices';

/**
 * Decorates the app with `app.secretBox` and `app.keyFor`, from the master key: ENCRYPTION_KEY or
 * DATA_DIR/encryption.key (lib/crypto/encryption-key.ts), never the database, so a copy of the
 * database alone opens no secret and forges no token (docs/SECURITY.md "Keys"). The app does
 * not start without a usable key.
 */
export default fp(
  async (app) => {
    const master = await loadEncryptionKey(app.config);
    app.decorate('secretBox', new SecretBox(master));
    app.decorate('keyFor', (purpose: KeyPurpose) =>
      Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), `wonbridge/${purpose}/v1`, 32)),
    );
  },
  { name: 'secret-box' },
);
