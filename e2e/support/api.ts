import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { repoRoot } from './portal-server';

/**
 * Calls the API from inside the page as the app does: the session cookie, the anti-forgery token
 * read from its cookie, and the deployment role header. Tests use it to arrange data quickly.
 */
export async function callApi<T>(
  page: Page,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: T }> {
  return page.evaluate(
    async ({ method, path, body, headers }) => {
      const token = decodeURIComponent(
        document.cookie
          .split('; ')
          .find((c) => c.startsWith('XSRF-TOKEN='))
          ?.split('=')[1] ?? '',
      );
      const response = await fetch(`/api${path}`, {
        method,
        headers: {
          'content-type': 'application/json',
          'x-role': 'production',
          'x-xsrf-token': token,
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as T };
    },
    { method, path, body, headers },
  );
}

/** A buy request of the signed-in user, made through the API as the Buy screen makes it. */
export async function makeBuyRequest(page: Page): Promise<string> {
  const accounts = (await callApi(page, 'GET', '/accounts')).body as {
    items: { id: string; isDefault: boolean; merchant: { id: string } }[];
  };
  const account = accounts.items.find((item) => item.isDefault) ?? accounts.items[0]!;
  const quote = (await callApi(page, 'GET', `/quotes?merchantId=${account.merchant.id}&side=buy`))
    .body as { token: string };
  // An odd amount of its own, so a test's deposit can never match another test's request.
  const amount = `11.${String(randomBytes(2).readUInt16BE(0) % 10_000).padStart(4, '0')}3`;
  const made = await callApi(
    page,
    'POST',
    '/transactions/buy',
    { accountId: account.id, amount, quoteToken: quote.token },
    { 'idempotency-key': randomBytes(12).toString('hex') },
  );
  if (made.status !== 201) throw new Error(`buy request refused: ${JSON.stringify(made.body)}`);
  return (made.body as { number: string }).number;
}

const KYC_KINDS = ['id_front', 'id_back', 'selfie', 'bank_book'] as const;

/**
 * Verifies the identity of the client signed in on `client`: uploads the four documents (one
 * sample photo) as the Profile does, and has the operator signed in on `operator` approve each.
 * Buying and selling wait for it (docs/decisions/010).
 */
export async function verifyIdentity(client: Page, operator: Page): Promise<void> {
  const photo = [...readFileSync(join(repoRoot, 'e2e/fixtures/id-back.jpg'))];
  for (const kind of KYC_KINDS) {
    const uploaded = await client.evaluate(
      async ({ kind, photo }) => {
        const token = decodeURIComponent(
          document.cookie
            .split('; ')
            .find((c) => c.startsWith('XSRF-TOKEN='))
            ?.split('=')[1] ?? '',
        );
        const body = new FormData();
        body.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'id.jpg');
        const response = await fetch(`/api/kyc/documents/${kind}`, {
          method: 'POST',
          headers: { 'x-role': 'production', 'x-xsrf-token': token },
          body,
        });
        return { status: response.status, body: (await response.json()) as { id: string } };
      },
      { kind, photo },
    );
    if (uploaded.status !== 201) throw new Error(`upload refused: ${JSON.stringify(uploaded)}`);
    const approved = await callApi(
      operator,
      'POST',
      `/operator/kyc/documents/${uploaded.body.id}/approve`,
      {},
    );
    if (approved.status !== 200) throw new Error(`approval refused: ${JSON.stringify(approved)}`);
  }
}
