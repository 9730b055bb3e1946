import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '@server/db/client';
import { merchantAccounts, merchants, users } from '@server/db/schema';
import type { SecretBox } from '@server/lib/crypto/secret-box';
import { MERCHANT_CALL_TIMEOUT_MS, type VerifiedAccount } from '@server/modules/merchants/adapter';
import {
  createSandboxMerchantAdapter,
  seedSandboxAccount,
} from '@server/modules/merchants/adapters';

/** Demo merchants, all built-in sandbox merchants (README "Demo merchants"). */
export const DEMO_MERCHANTS = [
  {
    code: 'HANBIT',
    name: 'Hanbit Wallet',
    asset: 'USDT',
    minPerRequest: '10',
    maxPerRequest: '50000',
    status: 'active',
  },
  {
    code: 'DAEHAN',
    name: 'Daehan Pay',
    asset: 'USDT',
    minPerRequest: '5',
    maxPerRequest: '20000',
    status: 'active',
  },
  {
    code: 'OLDWAVE',
    name: 'Oldwave Exchange',
    asset: 'USDT',
    minPerRequest: '10',
    maxPerRequest: '10000',
    status: 'disabled',
  },
] as const;

/** Accounts in the sandbox merchants' own books, for the demo client 홍길동 to link. */
export const DEMO_SANDBOX_ACCOUNTS = [
  {
    merchant: 'HANBIT',
    accountNumber: '1002-3344-5566',
    password: 'hanbit-demo-1',
    holderName: '홍길동',
    balance: '1250.5',
  },
  {
    merchant: 'DAEHAN',
    accountNumber: 'DP-778812',
    password: 'daehan-demo-1',
    holderName: '홍길동',
    balance: '300',
  },
] as const;

/** The demo client whose HANBIT account is already saved (their default). */
export const DEMO_LINKED_CLIENT = 'client@wonbridge.example';

export interface DemoMerchantOptions {
  /** Seals the pre-saved account's link token; without it nothing is pre-saved. */
  secretBox?: SecretBox;
  /** Asks the merchant for a link token; the sandbox adapter's verifyAccount by default. */
  verify?: (
    merchantId: string,
    input: { accountNumber: string; password: string },
  ) => Promise<VerifiedAccount>;
}

/**
 * Adds the demo merchants and their sandbox accounts, and, when it can get a link token, saves
 * the HANBIT account for the demo client. Idempotent: existing merchants (by code) and
 * accounts are left as they are. Runs inside the demo seeding transaction, after the users.
 */
export async function seedDemoMerchants(
  db: Database,
  options: DemoMerchantOptions = {},
): Promise<void> {
  await db
    .insert(merchants)
    .values(DEMO_MERCHANTS.map((merchant) => ({ ...merchant, connection: 'sandbox' as const })))
    .onConflictDoNothing();
  const rows = await db
    .select({ id: merchants.id, code: merchants.code })
    .from(merchants)
    .where(
      inArray(
        merchants.code,
        DEMO_MERCHANTS.map((merchant) => merchant.code),
      ),
    );
  const merchantIds = new Map(rows.map((row) => [row.code, row.id]));

  for (const account of DEMO_SANDBOX_ACCOUNTS) {
    const merchantId = merchantIds.get(account.merchant);
    if (!merchantId) continue;
    await seedSandboxAccount(db, merchantId, {
      accountNumber: account.accountNumber,
      password: account.password,
      holderName: account.holderName,
      balance: account.balance,
    });
  }

  const {
    secretBox,
    verify = (merchantId, input) =>
      createSandboxMerchantAdapter(db, merchantId).verifyAccount(
        input,
        AbortSignal.timeout(MERCHANT_CALL_TIMEOUT_MS),
      ),
  } = options;
  const hanbit = DEMO_SANDBOX_ACCOUNTS[0];
  const hanbitId = merchantIds.get(hanbit.merchant);
  if (!secretBox || !hanbitId) return;
  const [client] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, DEMO_LINKED_CLIENT));
  if (!client) return;
  const [existing] = await db
    .select({ id: merchantAccounts.id })
    .from(merchantAccounts)
    .where(and(eq(merchantAccounts.userId, client.id), eq(merchantAccounts.merchantId, hanbitId)));
  if (existing) return;

  const verified = await verify(hanbitId, {
    accountNumber: hanbit.accountNumber,
    password: hanbit.password,
  });
  const id = randomUUID();
  await db.insert(merchantAccounts).values({
    id,
    userId: client.id,
    merchantId: hanbitId,
    accountNumber: hanbit.accountNumber,
    holderName: verified.holderName,
    name: 'Hanbit main',
    isDefault: true,
    linkTokenCiphertext: secretBox.seal(verified.linkToken, id),
  });
}
