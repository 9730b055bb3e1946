import { createHmac, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { mailWrittenTo } from './mail-files';
import { BANK_WEBHOOK_SECRET, repoRoot } from './portal-server';

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
      // A 204 has no body.
      const text = await response.text();
      return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
    },
    { method, path, body, headers },
  );
}

export interface MadeBuy {
  id: string;
  number: string;
  totalKrw: string;
}

/**
 * A buy request of the signed-in user, made through the API as the Buy screen makes it. Its
 * amount is odd and its own (`whole`.xxxx3, `whole` naming the test), so a test's deposit can
 * never match another test's request. Won totals are coarser than amounts, and a test that
 * changes the rate moves one test's range onto another's, so a total that another open buy of
 * the user already has is cancelled and drawn again: a deposit of that total would otherwise go
 * to review as "several matching requests".
 */
export async function makeBuy(page: Page, whole = 11): Promise<MadeBuy> {
  const accounts = (await callApi(page, 'GET', '/accounts')).body as {
    items: { id: string; isDefault: boolean; merchant: { id: string } }[];
  };
  const account = accounts.items.find((item) => item.isDefault) ?? accounts.items[0]!;
  for (let attempt = 1; ; attempt += 1) {
    const quote = (await callApi(page, 'GET', `/quotes?merchantId=${account.merchant.id}&side=buy`))
      .body as { token: string };
    const amount = `${whole}.${String(randomBytes(2).readUInt16BE(0) % 10_000).padStart(4, '0')}3`;
    const made = await callApi<MadeBuy>(
      page,
      'POST',
      '/transactions/buy',
      { accountId: account.id, amount, quoteToken: quote.token },
      { 'idempotency-key': randomBytes(12).toString('hex') },
    );
    if (made.status !== 201) throw new Error(`buy request refused: ${JSON.stringify(made.body)}`);
    const open = (
      await callApi<{ items: MadeBuy[] }>(
        page,
        'GET',
        '/transactions?type=buy&status=Requested&pageSize=100',
      )
    ).body.items;
    const sameTotal = open.some(
      (other) => other.id !== made.body.id && other.totalKrw === made.body.totalKrw,
    );
    if (!sameTotal) return made.body;
    if (attempt === 5) throw new Error(`no buy of a total of its own after ${attempt} tries`);
    const cancelled = await callApi(page, 'POST', `/transactions/${made.body.id}/cancel`, {});
    if (cancelled.status !== 200) {
      throw new Error(`buy cancel refused: ${JSON.stringify(cancelled.body)}`);
    }
  }
}

/** A buy request's number, for tests that only need one to exist. */
export async function makeBuyRequest(page: Page): Promise<string> {
  return (await makeBuy(page)).number;
}

export interface BankDeposit {
  bankReference: string;
  deposit: { status: string; reviewReason: string | null; refundReason: string | null };
}

/** A deposit the bank reports to the portal's signed webhook (docs/decisions/008). */
export async function postBankDeposit(
  baseURL: string,
  {
    amountKrw,
    depositorName,
    receivingAccount,
  }: { amountKrw: string; depositorName: string; receivingAccount?: string },
): Promise<BankDeposit> {
  const bankReference = `E2E-${randomBytes(6).toString('hex').toUpperCase()}`;
  const body = JSON.stringify({
    bankReference,
    depositorName,
    amountKrw,
    receivedAt: new Date().toISOString(),
    ...(receivingAccount ? { receivingAccount } : {}),
  });
  const timestamp = Math.floor(Date.now() / 1000);
  const signature = `v1=${createHmac('sha256', BANK_WEBHOOK_SECRET).update(`${timestamp}.${body}`).digest('hex')}`;
  const response = await fetch(`${baseURL}/api/bank/deposits`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-bank-timestamp': String(timestamp),
      'x-bank-signature': signature,
    },
    body,
  });
  if (response.status !== 200) throw new Error(`deposit refused: ${await response.text()}`);
  const { deposit } = (await response.json()) as Pick<BankDeposit, 'deposit'>;
  return { bankReference, deposit };
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

/**
 * A new person signed up through the API from `page`, which must show the portal (its first call
 * fetches the anti-forgery token the sign-up carries); the page is then signed in as them.
 * Returns their email.
 */
export async function signUpWithApi(
  page: Page,
  { name, password, emailPrefix }: { name: string; password: string; emailPrefix: string },
): Promise<string> {
  await callApi(page, 'GET', '/auth/me');
  const email = `${emailPrefix}-${randomBytes(4).toString('hex')}@example.test`;
  const signedUp = await callApi(page, 'POST', '/auth/sign-up', {
    name,
    email,
    phone: '010-1234-5678',
    password,
    confirmPassword: password,
  });
  if (signedUp.status !== 201) throw new Error(`sign-up answered ${signedUp.status}`);
  return email;
}

/** The subjects of the mail that confirms an email, in English and Korean. */
const CONFIRM_EMAIL_SUBJECTS = ['Confirm your email for WonBridge', '원브릿지 이메일 확인'];

/**
 * Confirms the email of a person who just signed up, as they would: the link in the mail the
 * portal wrote under its DATA_DIR (`dataDir`), its token sent from `page` (docs/decisions/027).
 * Buying and selling wait for it.
 */
export async function confirmEmailByMail(page: Page, dataDir: string, email: string) {
  const mail = await mailWrittenTo(dataDir, email, new Set(), { subjects: CONFIRM_EMAIL_SUBJECTS });
  const token = /#token=([\w-]{43})/.exec(mail.text)?.[1];
  if (!token) throw new Error(`no link in the mail to ${email}: ${mail.text}`);
  const confirmed = await callApi(page, 'POST', '/email-verification/confirm', { token });
  if (confirmed.status !== 204) throw new Error(`confirm answered ${JSON.stringify(confirmed)}`);
}
