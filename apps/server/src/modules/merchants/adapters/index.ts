import type { Database } from '@server/db/client';
import type { merchants } from '@server/db/schema';
import type { SecretBox } from '@server/lib/crypto/secret-box';
import type { MerchantAdapter } from '@server/modules/merchants/adapter';
import { createHttpMerchantAdapter } from './http-adapter';
import { createSandboxMerchantAdapter } from './sandbox-adapter';

export { createSandboxMerchantAdapter, seedSandboxAccount } from './sandbox-adapter';

/** What choosing an adapter needs of a merchant row. */
export type MerchantConnectionRow = Pick<
  typeof merchants.$inferSelect,
  'id' | 'connection' | 'baseUrl' | 'keyId' | 'secretCiphertext'
>;

/**
 * The adapter for a merchant: its HTTP API (the secret decrypted with the row's id as associated
 * data) or the built-in sandbox. Cheap to call per request; adapters keep no connections.
 * Throws a plain Error when an http merchant's row is incomplete or its secret does not decrypt
 * (a configuration problem, not the merchant's).
 */
export function adapterFor(
  merchant: MerchantConnectionRow,
  dependencies: { db: Database; secretBox: SecretBox; timeoutMs?: number },
): MerchantAdapter {
  if (merchant.connection === 'sandbox') {
    return createSandboxMerchantAdapter(dependencies.db, merchant.id);
  }
  const { baseUrl, keyId, secretCiphertext } = merchant;
  if (!baseUrl || !keyId || !secretCiphertext) {
    throw new Error(`Merchant ${merchant.id} has an incomplete HTTP connection.`);
  }
  let secret: string;
  try {
    secret = dependencies.secretBox.open(secretCiphertext, merchant.id);
  } catch (error) {
    throw new Error(`The API secret of merchant ${merchant.id} does not decrypt.`, {
      cause: error,
    });
  }
  return createHttpMerchantAdapter({ baseUrl, keyId, secret, timeoutMs: dependencies.timeoutMs });
}
