import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { App } from '@server/lib/zod-routes';
import { sql } from 'drizzle-orm';
import { DEVICE_FAILURES, IP_SIGN_IN_FAILURES } from '@server/modules/auth/throttling';
import { KNOWN_DEVICE_COOKIE } from '@server/plugins/app/access';
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

/** Moves an account's last counted attempt `seconds` into the past, as waiting would. */
async function wait(email: string, seconds: number) {
  await app.db.execute(sql`
    update throttle_counters set window_started_at = window_started_at - make_interval(secs => ${seconds})
     where key = ${`sign-in:account:${email}`}`);
}

/** A browser where `email` has signed in before (and signed out again). */
async function knownBrowser(email: string, remoteAddress?: string) {
  const browser = await browserOn(app, remoteAddress);
  const signedIn = await browser.post('/api/auth/sign-in', { email, password: GOOD_PASSWORD });
  expect(signedIn.statusCode).toBe(200);
  expect((await browser.post('/api/auth/sign-out', {})).statusCode).toBe(204);
  return browser;
}

function expectWait(response: LightMyRequestResponse, seconds: number) {
  expectThrottled(response);
  expect(Number(response.headers['retry-after'])).toBeLessThanOrEqual(seconds);
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(seconds - 5);
}

describe('per account, from browsers it has not used', () => {
  it('after 5 failures an attempt waits 30 s, even with the right password', async () => {
    const { email } = await createUser(app);
    // From a different address each time: the account is what is counted.
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const browser = await browserOn(app);
      const response = await browser.post('/api/auth/sign-in', { email, password: WRONG });
      expect(response.statusCode, `attempt ${attempt}`).toBe(401);
    }
    const browser = await browserOn(app);
    expectWait(await browser.post('/api/auth/sign-in', { email, password: GOOD_PASSWORD }), 30);
    expect((await browser.get('/api/auth/me')).json().user).toBeNull();
  });

  it('each wait doubles up to 15 minutes, and attempts while waiting are not counted', async () => {
    const { email } = await createUser(app);
    const attempt = async (password: string) =>
      (await browserOn(app)).post('/api/auth/sign-in', { email, password });
    for (let count = 0; count < 5; count += 1) expect((await attempt(WRONG)).statusCode).toBe(401);
    for (const expected of [30, 60, 120, 240, 480, 900, 900]) {
      // Refused while waiting, as often as anyone likes: the wait does not grow.
      for (let count = 0; count < 3; count += 1) expectWait(await attempt(WRONG), expected);
      await wait(email, expected);
      expect((await attempt(WRONG)).statusCode).toBe(401);
    }
    expectWait(await attempt(GOOD_PASSWORD), 900);
    // Once the wait is over, the right password signs in and the delay starts over.
    await wait(email, 900);
    expect((await attempt(GOOD_PASSWORD)).statusCode).toBe(200);
    expect((await attempt(WRONG)).statusCode).toBe(401);
  });

  it('forgets failures an hour after the last one', async () => {
    const { email } = await createUser(app);
    const attempt = async (password: string) =>
      (await browserOn(app)).post('/api/auth/sign-in', { email, password });
    for (let count = 0; count < 5; count += 1) expect((await attempt(WRONG)).statusCode).toBe(401);
    expectThrottled(await attempt(WRONG));
    await wait(email, 60 * 60);
    for (let count = 0; count < 5; count += 1) expect((await attempt(WRONG)).statusCode).toBe(401);
    expectThrottled(await attempt(GOOD_PASSWORD));
  });

  it('delays unknown emails the same way, so the delay tells nothing', async () => {
    const email = uniqueEmail('nobody');
    const browser = await browserOn(app);
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const response = await browser.post('/api/auth/sign-in', { email, password: WRONG });
      expect(response.statusCode).toBe(401);
    }
    expectWait(await browser.post('/api/auth/sign-in', { email, password: WRONG }), 30);
  });

  it('forgets the failures after a successful sign-in', async () => {
    const { email } = await createUser(app);
    const attempt = async (password: string) =>
      (await browserOn(app)).post('/api/auth/sign-in', { email, password });
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

describe('the owner’s own browser', () => {
  it('signs in with the right password while strangers wait out the delay', async () => {
    const { email } = await createUser(app);
    const own = await knownBrowser(email);
    for (let attempt = 1; attempt <= 8; attempt += 1) {
      const stranger = await browserOn(app);
      const response = await stranger.post('/api/auth/sign-in', { email, password: WRONG });
      expect(response.statusCode, `attempt ${attempt}`).toBe(attempt <= 5 ? 401 : 429);
    }
    const signedIn = await own.post('/api/auth/sign-in', { email, password: GOOD_PASSWORD });
    expect(signedIn.statusCode).toBe(200);
    expect((await own.get('/api/auth/me')).json().user.email).toBe(email);
    // The strangers still wait: the owner's sign-in on a known browser clears only its own count.
    expectThrottled(
      await (await browserOn(app)).post('/api/auth/sign-in', { email, password: GOOD_PASSWORD }),
    );
  });

  it('counts its own failures: 10 in 15 minutes, then it waits too', async () => {
    const { email } = await createUser(app);
    const own = await knownBrowser(email);
    for (let attempt = 1; attempt <= DEVICE_FAILURES.limit; attempt += 1) {
      const response = await own.post('/api/auth/sign-in', { email, password: WRONG });
      expect(response.statusCode, `attempt ${attempt}`).toBe(401);
    }
    expectThrottled(await own.post('/api/auth/sign-in', { email, password: GOOD_PASSWORD }));
    // Another browser of the owner's is known on its own.
    const other = await knownBrowser(email);
    expect(
      (await other.post('/api/auth/sign-in', { email, password: GOOD_PASSWORD })).statusCode,
    ).toBe(200);
  });

  it('is known for the accounts that signed in on it only, and not with a forged token', async () => {
    const first = await createUser(app);
    const second = await createUser(app);
    const shared = await knownBrowser(first.email);
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const stranger = await browserOn(app);
      expect(
        (await stranger.post('/api/auth/sign-in', { email: second.email, password: WRONG }))
          .statusCode,
      ).toBe(401);
    }
    // Known for the first account, a stranger to the second.
    expectThrottled(
      await shared.post('/api/auth/sign-in', { email: second.email, password: GOOD_PASSWORD }),
    );
    // A token with the second account's id but the first's signature is a stranger's too.
    const cookie = shared.cookies.get(KNOWN_DEVICE_COOKIE)!;
    shared.cookies.set(KNOWN_DEVICE_COOKIE, cookie.replace(first.id, second.id));
    expectThrottled(
      await shared.post('/api/auth/sign-in', { email: second.email, password: GOOD_PASSWORD }),
    );
  });
});

describe('per IP address', () => {
  it(`refuses attempt ${IP_SIGN_IN_FAILURES.limit + 1} after as many failures from one address, not from another`, async () => {
    const address = randomAddress();
    const browser = await browserOn(app, address);
    for (let attempt = 1; attempt <= IP_SIGN_IN_FAILURES.limit; attempt += 1) {
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

  it('never counts successful sign-ins: an office of 40 on one address signs in', async () => {
    const office = randomAddress();
    const staff = await Promise.all(Array.from({ length: 40 }, () => createUser(app)));
    for (const { email } of staff) {
      const browser = await browserOn(app, office);
      const response = await browser.post('/api/auth/sign-in', { email, password: GOOD_PASSWORD });
      expect(response.statusCode, email).toBe(200);
    }
  });

  it('does not stop a browser the account knows, once the address is over its limit', async () => {
    const address = randomAddress();
    const { email } = await createUser(app);
    const own = await knownBrowser(email, address);
    const sprayer = await browserOn(app, address);
    for (let attempt = 1; attempt <= IP_SIGN_IN_FAILURES.limit; attempt += 1) {
      await sprayer.post('/api/auth/sign-in', { email: uniqueEmail('spray'), password: WRONG });
    }
    expectThrottled(
      await sprayer.post('/api/auth/sign-in', { email: uniqueEmail('spray'), password: WRONG }),
    );
    const signedIn = await own.post('/api/auth/sign-in', { email, password: GOOD_PASSWORD });
    expect(signedIn.statusCode).toBe(200);
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
