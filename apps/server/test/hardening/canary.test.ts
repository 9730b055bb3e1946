import { randomBytes, randomUUID } from 'node:crypto';
import { XSRF_COOKIE } from '@portal/contract/http';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchants } from '@server/db/schema';
import type { App } from '@server/lib/zod-routes';
import { seedSandboxAccount } from '@server/modules/merchants/adapters/sandbox-adapter';
import { SESSION_COOKIE } from '@server/plugins/app/access';
import { BrowserClient, uniqueEmail } from '@test/browser-client';
import { buildTestApp } from '@test/helpers';
import { replayCookies } from '@test/identity';
import { captureLogs } from '@test/log-capture';

/**
 * Secrets pushed through a whole visit of the API, successes and failures
 * alike, appear in no log line and no response body. The canaries are the passwords (old and
 * new), the merchant account password, and every session cookie and anti-forgery token the
 * server hands out along the way. Logging is at `trace`, the most a deployment can log.
 */
const tag = randomBytes(4).toString('hex');
const CANARIES = {
  password: `Canary-Pass-${tag}-1`,
  newPassword: `Canary-Pass-${tag}-2`,
  merchantPassword: `Canary-Merchant-${tag}`,
};

describe('secrets in a full run through the API', () => {
  const logs = captureLogs();
  let app: App;
  const bodies: string[] = [];
  /** Every session cookie and anti-forgery token value seen in the run. */
  const issued = new Set<string>();

  beforeAll(async () => {
    app = await buildTestApp({ logLevel: 'trace' }, { logStream: logs.stream });
    await app.ready();
  });
  afterAll(() => app.close());

  /** Keeps the body and the cookie values of every response. */
  function seen(response: LightMyRequestResponse): LightMyRequestResponse {
    bodies.push(response.body);
    for (const cookie of response.cookies as Array<{ name: string; value: string }>) {
      if ((cookie.name === SESSION_COOKIE || cookie.name === XSRF_COOKIE) && cookie.value) {
        issued.add(cookie.value);
      }
    }
    return response;
  }

  it('leaves no trace of them in logs or bodies', async () => {
    const asset = `C${tag.toUpperCase()}`.slice(0, 10);
    const [merchant] = await app.db
      .insert(merchants)
      .values({
        code: `CANARY-${tag}`.toUpperCase(),
        name: `Canary ${tag}`,
        asset,
        minPerRequest: '0.00000001',
        maxPerRequest: '1000000',
        connection: 'sandbox',
      })
      .returning({ id: merchants.id });
    const accountNumber = `CN-${tag}`;
    await seedSandboxAccount(app.db, merchant!.id, {
      accountNumber,
      password: CANARIES.merchantPassword,
      holderName: '홍길동',
      balance: '10',
    });

    const email = uniqueEmail('canary');
    const browser = new BrowserClient(app);
    const step = async (response: Promise<LightMyRequestResponse>, status: number) => {
      const answer = seen(await response);
      expect(answer.statusCode, answer.body.slice(0, 200)).toBe(status);
      return answer;
    };

    await step(browser.visit(), 200);
    // Sign-up: refused (passwords differ, then too short next to a canary), then accepted.
    await step(
      browser.post('/api/auth/sign-up', {
        name: '홍길동',
        email,
        phone: '010-1234-5678',
        password: CANARIES.password,
        confirmPassword: `${CANARIES.password}x`,
      }),
      400,
    );
    await step(
      browser.post('/api/auth/sign-up', {
        name: '<b>홍길동</b>',
        email,
        phone: '010-1234-5678',
        password: CANARIES.password,
        confirmPassword: CANARIES.password,
      }),
      400,
    );
    await step(
      browser.post('/api/auth/sign-up', {
        name: '홍길동',
        email,
        phone: '010-1234-5678',
        password: CANARIES.password,
        confirmPassword: CANARIES.password,
      }),
      201,
    );
    const stolen = replayCookies(app, browser.cookies);
    await step(browser.post('/api/auth/sign-out'), 204);
    await step(
      browser.post('/api/auth/sign-in', { email, password: `${CANARIES.password}-wrong` }),
      401,
    );
    await step(browser.post('/api/auth/sign-in', { email, password: CANARIES.password }), 200);

    // Forged and misdirected requests, with the secrets in their bodies.
    await step(
      browser.put('/api/profile', { password: CANARIES.password }, { withoutXsrf: true }),
      403,
    );
    await step(
      browser.post(
        '/api/profile/password',
        { currentPassword: CANARIES.password, password: CANARIES.newPassword },
        { headers: { origin: 'https://evil.example' } },
      ),
      403,
    );
    await step(browser.get(`/api/transactions/${randomUUID()}`), 404);
    await step(stolen.get('/api/accounts'), 401);

    // The merchant account: a wrong password (the merchant refuses), a malformed request, then
    // the right one, saved.
    const verify = (password: string, extra: Record<string, unknown> = {}) =>
      browser.post('/api/accounts/verify', {
        merchantId: merchant!.id,
        accountNumber,
        password,
        ...extra,
      });
    const rejected = seen(await verify(`${CANARIES.merchantPassword}-wrong`));
    expect(rejected.statusCode).toBeGreaterThanOrEqual(400);
    await step(verify(CANARIES.merchantPassword, { pin: CANARIES.merchantPassword }), 400);
    const verified = await step(verify(CANARIES.merchantPassword), 200);
    await step(
      browser.post('/api/accounts', {
        verificationId: verified.json<{ verificationId: string }>().verificationId,
        name: 'Canary',
      }),
      201,
    );
    await step(browser.get('/api/accounts'), 200);

    // Password change: wrong current password, then right; then sign out and in again.
    await step(
      browser.post('/api/profile/password', {
        currentPassword: `${CANARIES.password}-wrong`,
        password: CANARIES.newPassword,
        confirmPassword: CANARIES.newPassword,
      }),
      400,
    );
    await step(
      browser.post('/api/profile/password', {
        currentPassword: CANARIES.password,
        password: CANARIES.newPassword,
        confirmPassword: CANARIES.newPassword,
      }),
      204,
    );
    await step(browser.post('/api/auth/sign-out'), 204);
    await step(browser.post('/api/auth/sign-in', { email, password: CANARIES.password }), 401);
    await step(browser.post('/api/auth/sign-in', { email, password: CANARIES.newPassword }), 200);
    await step(browser.post('/api/auth/sign-out'), 204);

    const lines = logs
      .text()
      .split('\n')
      .filter((line) => line.trim() !== '');
    const secrets = [...Object.values(CANARIES), ...issued];
    expect(issued.size).toBeGreaterThan(4);
    const hits = secrets.flatMap((secret) => [
      ...lines.filter((line) => line.includes(secret)).map((line) => `log: ${line.slice(0, 300)}`),
      ...bodies
        .filter((body) => body.includes(secret))
        .map((body) => `body: ${body.slice(0, 300)}`),
    ]);
    console.info(
      `canary: ${secrets.length} secrets (${Object.keys(CANARIES).length} passwords, ` +
        `${issued.size} session cookies and anti-forgery tokens); ${lines.length} log lines and ` +
        `${bodies.length} response bodies scanned; ${hits.length} hits`,
    );
    // The log did see the run (every request, with its URL), so a leak would have shown.
    expect(lines.length).toBeGreaterThan(bodies.length);
    expect(logs.text()).toContain('/api/accounts/verify');
    expect(hits).toEqual([]);
  });
});
