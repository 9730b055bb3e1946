import { randomBytes } from 'node:crypto';
import type { OpenedSandboxAccount } from '@portal/contract/sandbox';
import { expect } from 'vitest';
import { merchants } from '@server/db/schema';
import type { App } from '@server/lib/zod-routes';
import type { BrowserClient } from '@test/browser-client';

/** Helpers of the sandbox-account tests (docs/decisions/011). */

export function openAccount(browser: BrowserClient, merchantId: string) {
  return browser.post('/api/sandbox/accounts', { merchantId });
}

/** Opens an account and returns it; fails the test unless 201. */
export async function openedAccount(
  browser: BrowserClient,
  merchantId: string,
): Promise<OpenedSandboxAccount> {
  const response = await openAccount(browser, merchantId);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<OpenedSandboxAccount>();
}

/** Links an account the normal way: Verify, then Save. */
export async function link(browser: BrowserClient, account: OpenedSandboxAccount) {
  const verified = await browser.post('/api/accounts/verify', {
    merchantId: account.merchant.id,
    accountNumber: account.accountNumber,
    password: account.password,
  });
  if (verified.statusCode !== 200) return verified;
  return browser.post('/api/accounts', {
    verificationId: verified.json<{ verificationId: string }>().verificationId,
  });
}

/** Another merchant of `asset`: a sandbox one, or a live (http) one. */
export async function addMerchant(
  app: App,
  asset: string,
  connection: 'sandbox' | 'http' = 'sandbox',
): Promise<string> {
  const code = `SX-${randomBytes(4).toString('hex').toUpperCase()}`;
  const [row] = await app.db
    .insert(merchants)
    .values({
      code,
      name: `Merchant ${code}`,
      asset,
      minPerRequest: '1',
      maxPerRequest: '1000',
      connection,
      ...(connection === 'http'
        ? { baseUrl: 'https://merchant.example', keyId: 'k1', secretCiphertext: 'sealed' }
        : {}),
    })
    .returning({ id: merchants.id });
  return row!.id;
}
