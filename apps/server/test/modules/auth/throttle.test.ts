import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { App } from '@server/lib/zod-routes';
import { IP_SIGN_INS } from '@server/modules/auth/throttling';
import { BrowserClient, GOOD_PASSWORD, randomAddress, uniqueEmail } from '@test/browser-client';
import { buildTestApp, buildTwoTestApps } from '@test/helpers';
import { createUser } from '@test/identity';

/** Counts argon2 verifications; each still runs the real one. */
const argon2 = vi.hoisted(() => ({ verifies: 0 }));
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const real = await importOriginal<typeof import('@node-rs/argon2')>();
  return {
    ...real,
    verify: (...args: Parameters<typeof real.verify>) => {
      argon2.verifies += 1;
      return real.verify(...args);
    },
  };
});

const WRONG = 'not the password at all';

let app: App;
beforeAll(async () => {
  app = await buildTestApp();
  await app.ready();
});
afterAll(() => app.close());

async function browserOn(target: App, remoteAddress?: string) {
  const browser = new BrowserClient(target, { remoteAddress });
  await browser.visit();
  return browser;
}

function expectThrottled(response: LightMyRequestResponse) {
  expect(response.statusCode).toBe(429);
  expect(response.json().error.code).toBe('RATE_LIMITED');
  const retryAfter = response.headers['retry-after'];
  expect(String(retryAfter)).toMatch(/^\d+$/);
  expect(Number(retryAfter)).toBeGreaterThan(0);
  expect(Number(retryAfter)).toBeLessThanOrEqual(15 * 60);
}

describe('per account', () => {
  it('refuses the 6th attempt after 5 failures, even with the right password', async () => {
    const { email } = await createUser(app);
    // From a different address each time: the account is what is counted.
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const browser = await browserOn(app);
      const response = await browser.post('/api/auth/sign-in', { email, password: WRONG });
      expect(response.statusCode, `attempt ${attempt}`).toBe(401);
    }
    const browser = await browserOn(app);
    expectThrottled(await browser.post('/api/auth/sign-in', { email, password: GOOD_PASSWORD }));
    expect((await browser.get('/api/auth/me')).json().user).toBeNull();
  });

  it('locks unknown emails the same way, so the lock tells nothing', async () => {
    const email = uniqueEmail('nobody');
    const browser = await browserOn(app);
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const response = await browser.post('/api/auth/sign-in', { email, password: WRONG });
      expect(response.statusCode).toBe(401);
    }
    expectThrottled(await browser.post('/api/auth/sign-in', { email, password: WRONG }));
  });

  it('forgets the failures after a successful sign-in', async () => {
    const { email } = await createUser(app);
    const browser = await browserOn(app);
    const attempt = (password: string) => browser.post('/api/auth/sign-in', { email, password });
    for (let count = 0; count < 4; count += 1) expect((await attempt(WRONG)).statusCode).toBe(401);
    expect((await attempt(GOOD_PASSWORD)).statusCode).toBe(200);
    for (let count = 0; count < 5; count += 1) expect((await attempt(WRONG)).statusCode).toBe(401);
    expectThrottled(await attempt(GOOD_PASSWORD));
  });

  it('counts attempts made at the same moment', async () => {
    const { email } = await createUser(app);
    const browsers = await Promise.all(Array.from({ length: 10 }, () => browserOn(app)));
    const responses = await Promise.all(
      browsers.map((browser) => browser.post('/api/auth/sign-in', { email, password: WRONG })),
    );
    const codes = responses.map((response) => response.statusCode);
    expect(codes.filter((code) => code === 401)).toHaveLength(5);
    expect(codes.filter((code) => code === 429)).toHaveLength(5);
  });
});

describe('per IP address', () => {
  it(`refuses attempt ${IP_SIGN_INS.limit + 1} from one address, not from another`, async () => {
    const address = randomAddress();
    const browser = await browserOn(app, address);
    for (let attempt = 1; attempt <= IP_SIGN_INS.limit; attempt += 1) {
      const response = await browser.post('/api/auth/sign-in', {
        email: uniqueEmail('spray'),
        password: WRONG,
      });
      expect(response.statusCode, `attempt ${attempt}`).toBe(401);
    }
    const { email } = await createUser(app);
    expectThrottled(await browser.post('/api/auth/sign-in', { email, password: GOOD_PASSWORD }));

    const elsewhere = await browserOn(app, randomAddress());
    const fine = await elsewhere.post('/api/auth/sign-in', { email, password: GOOD_PASSWORD });
    expect(fine.statusCode).toBe(200);
  });
});

describe('unknown emails', () => {
  // Timing is not asserted (a loaded machine makes any bound flaky); the work is: an unknown
  // email verifies a password against a dummy argon2id hash exactly as a known one does, so
  // the answer takes as long and does not tell which emails exist.
  it('verify a password as a wrong password for a known email does', async () => {
    const { email } = await createUser(app);
    const verifiesFor = async (body: { email: string; password: string }) => {
      const browser = await browserOn(app, randomAddress());
      const before = argon2.verifies;
      const response = await browser.post('/api/auth/sign-in', body);
      expect(response.statusCode).toBe(401);
      return argon2.verifies - before;
    };
    expect(await verifiesFor({ email, password: WRONG })).toBe(1);
    expect(await verifiesFor({ email: uniqueEmail('ghost'), password: WRONG })).toBe(1);
  });
});

describe('across instances', () => {
  it('counts failures on every instance together', async () => {
    const [first, second] = await buildTwoTestApps();
    try {
      const { email } = await createUser(first);
      for (let attempt = 1; attempt <= 5; attempt += 1) {
        const target = attempt % 2 === 0 ? second : first;
        const browser = await browserOn(target);
        const response = await browser.post('/api/auth/sign-in', { email, password: WRONG });
        expect(response.statusCode).toBe(401);
      }
      for (const target of [first, second]) {
        const browser = await browserOn(target);
        expectThrottled(
          await browser.post('/api/auth/sign-in', { email, password: GOOD_PASSWORD }),
        );
      }
    } finally {
      await second.close();
      await first.close();
    }
  });
});
