import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  MERCHANT_CALL_TIMEOUT_MS,
  MerchantError,
  type LinkedAccount,
  type MerchantAdapter,
} from './adapter';
import { adapterFor } from './adapters';
import type { MerchantRow } from './repository';

/**
 * Where routes get a merchant's adapter and how long a merchant call may take. One mutable
 * object, decorated once, so tests can swap in fakes after the app is ready:
 *
 *   app.merchantAdapters.forMerchant = () => fakeAdapter;
 *   app.merchantAdapters.timeoutMs = 200;
 */
export interface MerchantAdapters {
  forMerchant(merchant: MerchantRow): MerchantAdapter;
  timeoutMs: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    merchantAdapters: MerchantAdapters;
  }
}

export default fp(
  async (app) => {
    const adapters: MerchantAdapters = {
      forMerchant: (merchant) => adapterFor(merchant, { db: app.db, secretBox: app.secretBox }),
      timeoutMs: MERCHANT_CALL_TIMEOUT_MS,
    };
    app.decorate('merchantAdapters', adapters);
  },
  { name: 'merchant-adapters', dependencies: ['database', 'secret-box'] },
);

/**
 * Runs one merchant call with a deadline. The signal aborts at the deadline, and the call is
 * abandoned then even if the adapter ignores its signal, so a caller never waits longer.
 * Everything that is not a MerchantError becomes `unavailable`.
 */
export async function callMerchant<T>(
  timeoutMs: number,
  call: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      controller.abort(new MerchantError('unavailable', 'The merchant did not answer in time.'));
      reject(new MerchantError('unavailable', 'The merchant did not answer in time.'));
    }, timeoutMs);
  });
  try {
    return await Promise.race([call(controller.signal), deadline]);
  } catch (error) {
    if (error instanceof MerchantError) throw error;
    throw new MerchantError('unavailable', 'The merchant call failed.', { cause: error });
  } finally {
    clearTimeout(timer);
  }
}

/** What a saved merchant account needs for a call: its number and its sealed link token. */
export interface SavedAccountLink {
  id: string;
  accountNumber: string;
  linkTokenCiphertext: string;
}

/**
 * One call to the merchant about a saved account: the merchant's adapter, the account's link
 * token unsealed (bound to the account's id), and the call under the deadline of callMerchant.
 */
export function callMerchantForAccount<T>(
  app: FastifyInstance,
  merchant: MerchantRow,
  account: SavedAccountLink,
  call: (adapter: MerchantAdapter, linked: LinkedAccount, signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const adapter = app.merchantAdapters.forMerchant(merchant);
  const linked = {
    accountNumber: account.accountNumber,
    linkToken: app.secretBox.open(account.linkTokenCiphertext, account.id),
  };
  return callMerchant(app.merchantAdapters.timeoutMs, (signal) => call(adapter, linked, signal));
}
