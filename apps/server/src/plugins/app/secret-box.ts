import fp from 'fastify-plugin';
import { loadEncryptionKey } from '@server/lib/crypto/encryption-key';
import { SecretBox } from '@server/lib/crypto/secret-box';

declare module 'fastify' {
  interface FastifyInstance {
    /** Encrypts secrets kept in the database (merchant API secrets, link tokens). */
    secretBox: SecretBox;
  }
}

/**
 * Decorates the app with `app.secretBox`, keyed by ENCRYPTION_KEY or DATA_DIR/encryption.key
 * (lib/crypto/encryption-key.ts). The app does not start without a usable key.
 */
export default fp(
  async (app) => {
    app.decorate('secretBox', new SecretBox(await loadEncryptionKey(app.config)));
  },
  { name: 'secret-box' },
);
