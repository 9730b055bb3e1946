import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passkeyChallenges, passkeys, sessions, users } from '@server/db/schema';
import type { App } from '@server/lib/zod-routes';
import { BrowserClient, GOOD_PASSWORD, randomAddress } from '@test/browser-client';
import { buildTestApp, mailOf } from '@test/helpers';
import { auditTrail, createUser, signIn, whoIs } from '@test/identity';
import { SoftwareAuthenticator } from '@test/passkeys';
import { freshCode, turnOnTwoFactor } from '@test/two-factor';

const ORIGIN = 'https://portal.example';
const ceremony = { origin: ORIGIN, rpId: 'portal.example' };

let app: App;
beforeAll(async () => {
  app = await buildTestApp({ publicUrl: ORIGIN });
  await app.ready();
});
afterAll(() => app.close());

async function visitor() {
  const browser = new BrowserClient(app, { remoteAddress: randomAddress() });
  await browser.visit();
  return browser;
}

/** A client with the app on, signed in in `browser`, and the app's secret. */
async function clientWithTwoFactor() {
  const user = await createUser(app);
  const browser = await signIn(app, user.email);
  const { secret } = await turnOnTwoFactor(app, browser, user.password);
  return { ...user, browser, secret };
}

/** Adds a passkey from a new software authenticator; its answer's status. */
async function addPasskey(
  browser: BrowserClient,
  authenticator = new SoftwareAuthenticator(ceremony),
  spoil: Parameters<SoftwareAuthenticator['register']>[1] = {},
) {
  const options = await browser.post('/api/profile/passkeys/options');
  expect(options.statusCode, options.body).toBe(200);
  const credential = authenticator.register(options.json().options, spoil);
  const added = await browser.post('/api/profile/passkeys', {
    credential,
    name: 'My phone',
    language: 'en',
  });
  return { authenticator, added };
}

async function clientWithPasskey() {
  const client = await clientWithTwoFactor();
  const { authenticator, added } = await addPasskey(client.browser);
  expect(added.statusCode, added.body).toBe(201);
  return { ...client, authenticator };
}

/** A sign-in with the passkey alone, in a new browser. */
async function passkeySignIn(
  authenticator: SoftwareAuthenticator,
  spoil: Parameters<SoftwareAuthenticator['authenticate']>[1] = {},
  browser?: BrowserClient,
) {
  const page = browser ?? (await visitor());
  const options = await page.post('/api/auth/sign-in/passkey-options', {});
  expect(options.statusCode, options.body).toBe(200);
  expect(options.json().options.allowCredentials).toEqual([]);
  const credential = authenticator.authenticate(options.json().options, spoil);
  const response = await page.post('/api/auth/sign-in/passkey', { credential, language: 'en' });
  return { page, response, credential };
}

async function ageProof(userId: string) {
  await app.db
    .update(sessions)
    .set({ secondFactorAt: sql`now() - interval '6 minutes'` })
    .where(eq(sessions.userId, userId));
}

async function mailAbout(email: string, subject: string) {
  const deadline = Date.now() + 5000;
  for (;;) {
    const found = mailOf(app).find((mail) => mail.to === email && mail.subject.includes(subject));
    if (found || Date.now() > deadline) return found;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('adding passkeys on Profile', () => {
  it('is offered once the app is on, keeps the public key, lists, records and mails', async () => {
    const user = await createUser(app);
    const browser = await signIn(app, user.email);
    const early = await browser.post('/api/profile/passkeys/options');
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('TWO_FACTOR_NOT_ON');

    await turnOnTwoFactor(app, browser, user.password);
    const options = await browser.post('/api/profile/passkeys/options');
    const made = options.json().options;
    expect(made.rp).toEqual({ name: 'WonBridge', id: 'portal.example' });
    expect(made.authenticatorSelection).toMatchObject({
      residentKey: 'required',
      userVerification: 'required',
    });
    const authenticator = new SoftwareAuthenticator(ceremony);
    const added = await browser.post('/api/profile/passkeys', {
      credential: authenticator.register(made),
      name: ' My phone ',
      language: 'en',
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ name: 'My phone', lastUsedAt: null });

    const [row] = await app.db.select().from(passkeys).where(eq(passkeys.userId, user.id));
    expect(row).toMatchObject({ credentialId: authenticator.id, counter: 0 });
    expect(row!.transports).toEqual(['internal', 'hybrid']);
    const list = await browser.get('/api/profile/passkeys');
    expect(list.json().passkeys).toHaveLength(1);
    // The challenge is kept as its hash only.
    const challenges = await app.db
      .select()
      .from(passkeyChallenges)
      .where(eq(passkeyChallenges.userId, user.id));
    expect(challenges.map((c) => c.challengeHash)).not.toContain(made.challenge);

    const trail = await auditTrail(app, user.id);
    expect(trail.map((event) => event.action)).toContain('passkey_added');
    expect(await mailAbout(user.email, 'A passkey was added')).toBeDefined();

    // The same authenticator again is refused by the options and by the database.
    const again = await browser.post('/api/profile/passkeys/options');
    expect(again.json().options.excludeCredentials).toEqual([
      expect.objectContaining({ id: authenticator.id }),
    ]);
    const twice = await browser.post('/api/profile/passkeys', {
      credential: authenticator.register(again.json().options),
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('PASSKEY_ALREADY_ADDED');
  });

  it('names a passkey after the browser when no name is typed', async () => {
    const { browser } = await clientWithTwoFactor();
    const options = await browser.post('/api/profile/passkeys/options');
    const added = await browser.post(
      '/api/profile/passkeys',
      { credential: new SoftwareAuthenticator(ceremony).register(options.json().options) },
      {
        headers: {
          'user-agent':
            'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
        },
      },
    );
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().name).toBe('Chrome · Windows');
  });

  it('asks for a recent second factor (step-up) to add', async () => {
    const { id, browser } = await clientWithTwoFactor();
    await ageProof(id);
    const refused = await browser.post('/api/profile/passkeys/options');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('STEP_UP_REQUIRED');
  });

  it('refuses an answer from another origin, for another RP id, without user verification, or to a challenge used or not given', async () => {
    const { browser } = await clientWithTwoFactor();
    for (const spoil of [
      { origin: 'https://evil.example' },
      { rpId: 'evil.example' },
      { userVerified: false },
      { challenge: 'bm90LWEtY2hhbGxlbmdlLWdpdmVu' },
    ]) {
      const { added } = await addPasskey(browser, undefined, spoil);
      expect(added.statusCode, JSON.stringify(spoil)).toBe(400);
      expect(added.json().error.code).toBe('PASSKEY_NOT_VERIFIED');
    }
    // One challenge, one passkey: the same answer again finds its challenge taken.
    const options = await browser.post('/api/profile/passkeys/options');
    const credential = new SoftwareAuthenticator(ceremony).register(options.json().options);
    expect((await browser.post('/api/profile/passkeys', { credential })).statusCode).toBe(201);
    const second = new SoftwareAuthenticator(ceremony).register(options.json().options);
    const replayed = await browser.post('/api/profile/passkeys', { credential: second });
    expect(replayed.json().error.code).toBe('PASSKEY_NOT_VERIFIED');
    expect((await browser.get('/api/profile/passkeys')).json().passkeys).toHaveLength(1);
  });

  it("refuses a challenge given to another user's session", async () => {
    const one = await clientWithTwoFactor();
    const other = await clientWithTwoFactor();
    const options = await one.browser.post('/api/profile/passkeys/options');
    const credential = new SoftwareAuthenticator(ceremony).register(options.json().options);
    const refused = await other.browser.post('/api/profile/passkeys', { credential });
    expect(refused.json().error.code).toBe('PASSKEY_NOT_VERIFIED');
  });
});

describe('removing a passkey', () => {
  it('asks for step-up, removes only the owner’s, records and mails; it no longer signs in', async () => {
    const client = await clientWithPasskey();
    const other = await clientWithTwoFactor();
    const [{ id }] = (await client.browser.get('/api/profile/passkeys')).json().passkeys;

    const notTheirs = await other.browser.delete(`/api/profile/passkeys/${id}?language=en`);
    expect(notTheirs.statusCode).toBe(404);

    await ageProof(client.id);
    const stale = await client.browser.delete(`/api/profile/passkeys/${id}?language=en`);
    expect(stale.json().error.code).toBe('STEP_UP_REQUIRED');
    const code = await freshCode(app, client.id, client.secret);
    expect((await client.browser.post('/api/auth/step-up', { code })).statusCode).toBe(204);

    const removed = await client.browser.delete(`/api/profile/passkeys/${id}?language=en`);
    expect(removed.statusCode).toBe(204);
    expect((await client.browser.get('/api/profile/passkeys')).json().passkeys).toEqual([]);
    expect((await auditTrail(app, client.id)).map((e) => e.action)).toContain('passkey_removed');
    expect(await mailAbout(client.email, 'A passkey was removed')).toBeDefined();

    const { response } = await passkeySignIn(client.authenticator);
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('PASSKEY_UNKNOWN');
  });

  it('goes with the app when two-factor is turned off', async () => {
    const client = await clientWithPasskey();
    const code = await freshCode(app, client.id, client.secret);
    const off = await client.browser.post('/api/profile/two-factor/disable', {
      currentPassword: GOOD_PASSWORD,
      code,
    });
    expect(off.statusCode, off.body).toBe(204);
    expect(await app.db.select().from(passkeys).where(eq(passkeys.userId, client.id))).toEqual([]);
  });
});

describe('signing in with a passkey alone', () => {
  it('opens a session with the second factor proved, records the method, and counts use', async () => {
    const client = await clientWithPasskey();
    const { page, response } = await passkeySignIn(client.authenticator);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().user.email).toBe(client.email);
    expect(await whoIs(page)).toBe(client.email);

    const open = await app.db.select().from(sessions).where(eq(sessions.userId, client.id));
    expect(open.every((session) => session.secondFactorAt !== null)).toBe(true);
    const signIns = (await auditTrail(app, client.id)).filter((e) => e.action === 'sign_in');
    expect(signIns.at(-1)?.details).toMatchObject({ secondFactor: true, method: 'passkey' });
    const [row] = await app.db.select().from(passkeys).where(eq(passkeys.userId, client.id));
    expect(row).toMatchObject({ counter: 1 });
    expect(row!.lastUsedAt).not.toBeNull();

    // A step-up-guarded change goes straight through: the passkey proved the second factor.
    const options = await page.post('/api/profile/passkeys/options');
    expect(options.statusCode).toBe(200);
  });

  it('refuses a replayed answer, an expired challenge, another origin or RP id, and a counter gone back', async () => {
    const client = await clientWithPasskey();
    const { page, credential } = await passkeySignIn(client.authenticator);
    const replayed = await page.post('/api/auth/sign-in/passkey', { credential });
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json().error.code).toBe('PASSKEY_NOT_VERIFIED');

    for (const spoil of [
      { origin: 'https://evil.example' },
      { rpId: 'evil.example' },
      { userVerified: false },
    ]) {
      const { response } = await passkeySignIn(client.authenticator, spoil);
      expect(response.json().error?.code, JSON.stringify(spoil)).toBe('PASSKEY_NOT_VERIFIED');
    }

    // A clone of the key, answering with a count the server has seen already.
    const { response: cloned } = await passkeySignIn(client.authenticator, { counter: 1 });
    expect(cloned.json().error.code).toBe('PASSKEY_NOT_VERIFIED');

    const browser = await visitor();
    const options = await browser.post('/api/auth/sign-in/passkey-options', {});
    await app.db
      .update(passkeyChallenges)
      .set({
        createdAt: sql`now() - interval '10 minutes'`,
        expiresAt: sql`now() - interval '1 minute'`,
      })
      .where(eq(passkeyChallenges.purpose, 'sign_in'));
    const late = await browser.post('/api/auth/sign-in/passkey', {
      credential: client.authenticator.authenticate(options.json().options),
    });
    expect(late.json().error.code).toBe('PASSKEY_NOT_VERIFIED');

    // With a right answer it still signs in: nothing above spent the passkey.
    const { response } = await passkeySignIn(client.authenticator);
    expect(response.statusCode).toBe(200);
    expect((await auditTrail(app, client.id)).some((e) => e.action === 'sign_in_failed')).toBe(
      true,
    );
  });

  it('refuses a passkey nobody added, and a disabled account', async () => {
    const stranger = new SoftwareAuthenticator(ceremony);
    const { response } = await passkeySignIn(stranger);
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('PASSKEY_UNKNOWN');

    const client = await clientWithPasskey();
    await app.db.update(users).set({ status: 'disabled' }).where(eq(users.id, client.id));
    const { response: disabled } = await passkeySignIn(client.authenticator);
    expect(disabled.json().error.code).toBe('ACCOUNT_DISABLED');
  });

  it('waits (429) after too many failed answers from one address', async () => {
    const stranger = new SoftwareAuthenticator(ceremony);
    const page = await visitor();
    let last = 0;
    for (let attempt = 0; attempt < 31; attempt += 1) {
      const options = await page.post('/api/auth/sign-in/passkey-options', {});
      const response = await page.post('/api/auth/sign-in/passkey', {
        credential: stranger.authenticate(options.json().options),
      });
      last = response.statusCode;
    }
    expect(last).toBe(429);
  });
});

describe('a passkey as the second step after the password', () => {
  async function passwordStep(browser: BrowserClient, email: string, passkeyExpected = true) {
    const response = await browser.post('/api/auth/sign-in', { email, password: GOOD_PASSWORD });
    expect(response.json().secondFactor.passkey).toBe(passkeyExpected);
    return response.json().secondFactor.challenge as string;
  }

  it("takes that user's passkey for that sign-in", async () => {
    const client = await clientWithPasskey();
    const page = await visitor();
    const challenge = await passwordStep(page, client.email);
    const options = await page.post('/api/auth/sign-in/passkey-options', { challenge });
    expect(options.json().options.allowCredentials).toEqual([
      expect.objectContaining({ id: client.authenticator.id }),
    ]);
    const signedIn = await page.post('/api/auth/sign-in/second-factor/passkey', {
      challenge,
      credential: client.authenticator.authenticate(options.json().options),
      language: 'en',
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(await whoIs(page)).toBe(client.email);
    // The sign-in is finished: its challenge takes nothing more.
    const again = await page.post('/api/auth/sign-in/passkey-options', { challenge });
    expect(again.json().error.code).toBe('SIGN_IN_CHALLENGE_INVALID');
  });

  it("refuses another user's passkey, and an answer to another sign-in's options", async () => {
    const client = await clientWithPasskey();
    const other = await clientWithPasskey();
    const page = await visitor();
    const challenge = await passwordStep(page, client.email);
    const options = await page.post('/api/auth/sign-in/passkey-options', { challenge });
    const theirs = await page.post('/api/auth/sign-in/second-factor/passkey', {
      challenge,
      credential: other.authenticator.authenticate(options.json().options),
    });
    expect(theirs.json().error.code).toBe('PASSKEY_NOT_VERIFIED');

    // Options of one sign-in, answered on another of the same user.
    const first = await passwordStep(page, client.email);
    const second = await passwordStep(page, client.email);
    const firstOptions = await page.post('/api/auth/sign-in/passkey-options', { challenge: first });
    const crossed = await page.post('/api/auth/sign-in/second-factor/passkey', {
      challenge: second,
      credential: client.authenticator.authenticate(firstOptions.json().options),
    });
    expect(crossed.json().error.code).toBe('PASSKEY_NOT_VERIFIED');

    // A sign-in-alone challenge does not answer the second step either.
    const alone = await page.post('/api/auth/sign-in/passkey-options', {});
    const wrongKind = await page.post('/api/auth/sign-in/second-factor/passkey', {
      challenge: second,
      credential: client.authenticator.authenticate(alone.json().options),
    });
    expect(wrongKind.json().error.code).toBe('PASSKEY_NOT_VERIFIED');
    expect(await whoIs(page)).toBeNull();
  });

  it('says so when the user has no passkey', async () => {
    const client = await clientWithTwoFactor();
    const page = await visitor();
    const challenge = await passwordStep(page, client.email, false);
    const options = await page.post('/api/auth/sign-in/passkey-options', { challenge });
    expect(options.json().error.code).toBe('PASSKEY_UNKNOWN');
  });
});

describe('step-up with a passkey', () => {
  it('proves the session again; only with the user’s own passkey', async () => {
    const client = await clientWithPasskey();
    const other = await clientWithPasskey();
    await ageProof(client.id);
    expect((await client.browser.post('/api/profile/passkeys/options')).statusCode).toBe(403);

    const options = await client.browser.post('/api/auth/step-up/passkey-options');
    expect(options.statusCode).toBe(200);
    const theirs = await client.browser.post('/api/auth/step-up/passkey', {
      credential: other.authenticator.authenticate(options.json().options),
    });
    expect(theirs.json().error.code).toBe('PASSKEY_NOT_VERIFIED');

    const again = await client.browser.post('/api/auth/step-up/passkey-options');
    const proved = await client.browser.post('/api/auth/step-up/passkey', {
      credential: client.authenticator.authenticate(again.json().options),
    });
    expect(proved.statusCode, proved.body).toBe(204);
    expect((await client.browser.post('/api/profile/passkeys/options')).statusCode).toBe(200);
  });

  it('is not offered without a passkey', async () => {
    const client = await clientWithTwoFactor();
    const options = await client.browser.post('/api/auth/step-up/passkey-options');
    expect(options.json().error.code).toBe('PASSKEY_UNKNOWN');
  });
});
