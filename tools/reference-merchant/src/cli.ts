import { startReferenceMerchant, type SeedAccount } from './index';

/**
 * Runs the reference merchant on 127.0.0.1 for local development:
 *
 *   npm start -w @portal/reference-merchant -- --data-file ./data/reference-merchant.json
 *
 * Environment: REFERENCE_MERCHANT_PORT (default 4010), REFERENCE_MERCHANT_KEY_ID,
 * REFERENCE_MERCHANT_SECRET (development defaults when unset), REFERENCE_MERCHANT_DATA_FILE
 * (or --data-file; unset keeps everything in memory), REFERENCE_MERCHANT_ACCOUNTS (a JSON array
 * of {accountNumber, password, holderName, balance}; default: two demo accounts).
 */

const DEMO_ACCOUNTS: SeedAccount[] = [
  {
    accountNumber: '1000-0001',
    password: 'merchant-pass-1',
    holderName: 'Kim Minji',
    balance: '100',
  },
  {
    accountNumber: '1000-0002',
    password: 'merchant-pass-2',
    holderName: 'Lee Junho',
    balance: '2.5',
  },
];

function argument(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index === -1 ? undefined : process.argv[index + 1];
}

const env = process.env;
const keyId = env.REFERENCE_MERCHANT_KEY_ID || 'dev-key';
const secret = env.REFERENCE_MERCHANT_SECRET || 'dev-secret-change-me';
if (!env.REFERENCE_MERCHANT_SECRET) {
  console.warn('REFERENCE_MERCHANT_SECRET is not set: using the development secret.');
}
const accounts = env.REFERENCE_MERCHANT_ACCOUNTS
  ? (JSON.parse(env.REFERENCE_MERCHANT_ACCOUNTS) as SeedAccount[])
  : DEMO_ACCOUNTS;
const merchant = await startReferenceMerchant({
  port: Number(argument('--port') ?? env.REFERENCE_MERCHANT_PORT ?? 4010),
  keyId,
  secret,
  accounts,
  dataFile: argument('--data-file') ?? (env.REFERENCE_MERCHANT_DATA_FILE || undefined),
});
console.log(`Reference merchant listening on ${merchant.url} (key id ${keyId})`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void merchant.stop().then(() => process.exit(0));
  });
}
