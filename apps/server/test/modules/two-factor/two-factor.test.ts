import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatRecoveryCode } from '@portal/contract/two-factor';
import {
  recoveryCodes,
  sessions,
  signInChallenges,
  totpCredentials,
  users,
} from '@server/db/schema';
import type { App } from '@server/lib/zod-routes';
import type { MailMessage } from '@server/lib/mail/mailer';
import { totpCodeAt } from '@server/modules/two-factor/totp';
import { BrowserClient, GOOD_PASSWORD, randomAddress } from '@test/browser-client';
import { buildTestApp, mailOf } from '@test/helpers';
import { auditTrail, createAgency, createUser, signIn, whoIs } from '@test/identity';
import { freshCode, turnOnTwoFactor } from '@test/two-factor';

let app: App;
beforeAll(async () => {
  app = await buildTestApp({ publicUrl: 'https://portal.example' });
  await app.ready();
});
afterAll(() => app.close());

async function visitor() {
  const browser = new BrowserClient(app, { remoteAddress: randomAddress() });
  await browser.visit();
  return browser;
}

/** A user with two-factor sign-in on, and the browser that turned it on. */
async function userWithTwoFactor(role: 'client' | 'operator' = 'client') {
  const user = await createUser(app, { role });
  const browser = await signIn(app, user.email);
  const factors = await turnOnTwoFactor(app, browser, user.password);
  return { ...user, browser, ...factors };
}

/** The password step: the challenge it answers with. */
async function passwordStep(browser: BrowserClient, email: string) {
  const response = await browser.post('/api/auth/sign-in', {
    email,
    password: GOOD_PASSWORD,
    language: 'en',
  });
  expect(response.statusCode).toBe(200);
  const body = response.json() as {
    secondFactor?: { challenge: string; expiresInSeconds: number };
  };
  expect(body.secondFactor?.expiresInSeconds).toBe(600);
  return body.secondFactor!.challenge;
}

function codeStep(browser: BrowserClient, challenge: string, code: string) {
  return browser.post('/api/auth/sign-in/second-factor', { challenge, code, language: 'en' });
}

/** The first mail to `email` whose subject has `subject`, once the answer's background work ran. */
async function mailAbout(email: string, subject: string): Promise<MailMessage | undefined> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const found = mailOf(app).find((mail) => mail.to === email && mail.subject.includes(subject));
    if (found || Date.now() > deadline) return found;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('turning two-factor sign-in on', () => {
  it('asks the password, shows a sealed secret once, takes a code from the app, gives ten recovery codes', async () => {
    const user = await createUser(app);
    const browser = await signIn(app, user.email);
    const other = await signIn(app, user.email);

    const wrong = await browser.post('/api/profile/two-factor/setup', {
      currentPassword: 'not the password',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatchObject({
      code: 'CURRENT_PASSWORD_WRONG',
      fields: { currentPassword: 'invalid' },
    });

    const setup = await browser.post('/api/profile/two-factor/setup', {
      currentPassword: user.password,
    });
    expect(setup.statusCode).toBe(200);
    const { secret, otpauthUrl, qrCode } = setup.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUrl).toContain('otpauth://totp/WonBridge:');
    expect(otpauthUrl).toContain(`secret=${secret}`);
    expect(qrCode).toMatch(/^data:image\/png;base64,/);
    // Not on yet, and the secret is not in the database in plain text.
    expect((await browser.get('/api/profile/two-factor')).json()).toEqual({
      enabled: false,
      enabledAt: null,
      recoveryCodesLeft: 0,
    });
    const [stored] = await app.db
      .select()
      .from(totpCredentials)
      .where(eq(totpCredentials.userId, user.id));
    expect(stored?.secretSealed).not.toContain(secret);
    expect(stored?.confirmedAt).toBeNull();

    const badCode = await browser.post('/api/profile/two-factor/confirm', { code: '000000' });
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json().error).toMatchObject({
      code: 'SECOND_FACTOR_INVALID',
      fields: { code: 'secondFactorWrong' },
    });
    const letters = await browser.post('/api/profile/two-factor/confirm', { code: '12345a' });
    expect(letters.json().error.fields).toEqual({ code: 'totpCodeInvalid' });

    const confirmed = await browser.post('/api/profile/two-factor/confirm', {
      code: totpCodeAt(secret),
      language: 'ko',
    });
    expect(confirmed.statusCode).toBe(200);
    const codes: string[] = confirmed.json().recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[A-Z2-7]{16}$/);
    const hashes = await app.db
      .select({ codeHash: recoveryCodes.codeHash })
      .from(recoveryCodes)
      .where(eq(recoveryCodes.userId, user.id));
    expect(hashes).toHaveLength(10);
    for (const { codeHash } of hashes) expect(codeHash).toMatch(/^\$argon2id\$/);

    const status = (await browser.get('/api/profile/two-factor')).json();
    expect(status).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    // This session proved it; the other one, opened with the password alone, ended.
    expect(await whoIs(browser)).toBe(user.email);
    expect(await whoIs(other)).toBeNull();
    const [session] = await app.db
      .select({ secondFactorAt: sessions.secondFactorAt })
      .from(sessions)
      .where(eq(sessions.userId, user.id));
    expect(session?.secondFactorAt).not.toBeNull();
    expect((await auditTrail(app, user.id)).map((event) => event.action)).toContain(
      'two_factor_enabled',
    );
    expect(await mailAbout(user.email, '원브릿지 계정에 2단계 인증이 켜졌습니다')).toBeDefined();

    const again = await browser.post('/api/profile/two-factor/setup', {
      currentPassword: user.password,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('TWO_FACTOR_ALREADY_ON');
  });

  it('refuses a confirmation with no set-up waiting', async () => {
    const user = await createUser(app);
    const browser = await signIn(app, user.email);
    const response = await browser.post('/api/profile/two-factor/confirm', { code: '123456' });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('TWO_FACTOR_NOT_ON');
  });
});

describe('signing in with two factors', () => {
  it('the password alone opens no session; the app code signs in, once', async () => {
    const user = await userWithTwoFactor();
    const browser = await visitor();
    const challenge = await passwordStep(browser, user.email);
    expect(await whoIs(browser)).toBeNull();
    expect((await browser.get('/api/profile/two-factor')).statusCode).toBe(401);

    // The step confirmed at set-up was taken: its code does not sign in again.
    const replay = await codeStep(browser, challenge, totpCodeAt(user.secret));
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error.code).toBe('SECOND_FACTOR_INVALID');
    // The next step's code (a phone half a minute ahead) does, as "123 456" is typed.
    const next = totpCodeAt(user.secret, Date.now() + 30_000);
    const signedIn = await codeStep(browser, challenge, `${next.slice(0, 3)} ${next.slice(3)}`);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user.email).toBe(user.email);
    expect(await whoIs(browser)).toBe(user.email);
    const trail = await auditTrail(app, user.id);
    expect(trail.map((event) => event.action)).toEqual(
      expect.arrayContaining(['sign_in_failed', 'sign_in']),
    );

    // The challenge is spent; and the same code on a new sign-in is refused.
    const spent = await codeStep(browser, challenge, next);
    expect(spent.statusCode).toBe(401);
    expect(spent.json().error.code).toBe('SIGN_IN_CHALLENGE_INVALID');
    const other = await visitor();
    const replayed = await codeStep(other, await passwordStep(other, user.email), next);
    expect(replayed.json().error.code).toBe('SECOND_FACTOR_INVALID');
  });

  it('a recovery code signs in once, typed in any case with dashes, and the owner hears of it', async () => {
    const user = await userWithTwoFactor();
    const [first, second] = user.recoveryCodes as [string, string];
    const browser = await visitor();
    const typed = formatRecoveryCode(first).toLowerCase();
    const signedIn = await codeStep(browser, await passwordStep(browser, user.email), typed);
    expect(signedIn.statusCode).toBe(200);
    expect((await browser.get('/api/profile/two-factor')).json().recoveryCodesLeft).toBe(9);
    expect((await auditTrail(app, user.id)).map((event) => event.action)).toContain(
      'recovery_code_used',
    );
    const mail = await mailAbout(user.email, 'A recovery code was used');
    expect(mail?.text).toContain('9 unused recovery codes are left');

    const again = await visitor();
    const reused = await codeStep(again, await passwordStep(again, user.email), first);
    expect(reused.json().error.code).toBe('SECOND_FACTOR_INVALID');
    const other = await codeStep(again, await passwordStep(again, user.email), second);
    expect(other.statusCode).toBe(200);
  });

  it('of two right codes sent together on one sign-in, one signs in (10 rounds)', async () => {
    const user = await userWithTwoFactor();
    for (let round = 0; round < 5; round++) {
      const browser = await visitor();
      const challenge = await passwordStep(browser, user.email);
      const codes = user.recoveryCodes.slice(round * 2, round * 2 + 2);
      const answers = await Promise.all(codes.map((code) => codeStep(browser, challenge, code)));
      expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    }
    for (let round = 0; round < 5; round++) {
      const code = await freshCode(app, user.id, user.secret);
      const [a, b] = [await visitor(), await visitor()];
      const [ca, cb] = [await passwordStep(a, user.email), await passwordStep(b, user.email)];
      // Two sign-ins with one app code: the step is taken once.
      const answers = await Promise.all([codeStep(a, ca, code), codeStep(b, cb, code)]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    }
  });

  it('a sign-in takes five codes, lasts ten minutes, and a wrong code is a field message', async () => {
    const user = await userWithTwoFactor();
    const browser = await visitor();
    const challenge = await passwordStep(browser, user.email);
    const malformed = await codeStep(browser, challenge, '12345');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.fields).toEqual({ code: 'secondFactorCodeInvalid' });
    for (let attempt = 0; attempt < 5; attempt++) {
      const wrong = await codeStep(browser, challenge, 'AAAA-AAAA-AAAA-AAAA');
      expect(wrong.json().error.code).toBe('SECOND_FACTOR_INVALID');
    }
    const right = await codeStep(browser, challenge, await freshCode(app, user.id, user.secret));
    expect(right.statusCode).toBe(401);
    expect(right.json().error.code).toBe('SIGN_IN_CHALLENGE_INVALID');

    const late = await passwordStep(browser, user.email);
    await app.db
      .update(signInChallenges)
      .set({
        createdAt: sql`now() - interval '11 minutes'`,
        expiresAt: sql`now() - interval '1 minute'`,
      })
      .where(eq(signInChallenges.userId, user.id));
    const expired = await codeStep(browser, late, await freshCode(app, user.id, user.secret));
    expect(expired.json().error.code).toBe('SIGN_IN_CHALLENGE_INVALID');
    const unknown = await codeStep(browser, 'A'.repeat(43), '123456');
    expect(unknown.json().error.code).toBe('SIGN_IN_CHALLENGE_INVALID');
  });

  it('ten wrong codes in 15 minutes make the user wait, whichever sign-in they come on', async () => {
    const user = await userWithTwoFactor();
    let last = 0;
    for (let attempt = 0; attempt < 11; attempt++) {
      const browser = await visitor();
      const response = await codeStep(browser, await passwordStep(browser, user.email), '999999');
      last = response.statusCode;
      if (attempt < 10) expect(response.json().error.code).toBe('SECOND_FACTOR_INVALID');
    }
    expect(last).toBe(429);
  });

  it('a user disabled between the two steps is not let in', async () => {
    const user = await userWithTwoFactor();
    const browser = await visitor();
    const challenge = await passwordStep(browser, user.email);
    await app.db.update(users).set({ status: 'disabled' }).where(eq(users.id, user.id));
    const response = await codeStep(browser, challenge, await freshCode(app, user.id, user.secret));
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('ACCOUNT_DISABLED');
    expect(await whoIs(browser)).toBeNull();
  });
});

describe('recovery codes and turning it off', () => {
  it('a new set replaces the old one, for a code', async () => {
    const user = await userWithTwoFactor();
    const refused = await user.browser.post('/api/profile/two-factor/recovery-codes', {
      code: '000000',
    });
    expect(refused.json().error.code).toBe('SECOND_FACTOR_INVALID');
    const renewed = await user.browser.post('/api/profile/two-factor/recovery-codes', {
      code: await freshCode(app, user.id, user.secret),
      language: 'en',
    });
    expect(renewed.statusCode).toBe(200);
    const fresh: string[] = renewed.json().recoveryCodes;
    expect(fresh).toHaveLength(10);
    const browser = await visitor();
    const old = await codeStep(
      browser,
      await passwordStep(browser, user.email),
      user.recoveryCodes[0]!,
    );
    expect(old.json().error.code).toBe('SECOND_FACTOR_INVALID');
    const works = await codeStep(browser, await passwordStep(browser, user.email), fresh[0]!);
    expect(works.statusCode).toBe(200);
  });

  it('turning off asks the password and a code; then the password alone signs in', async () => {
    const user = await userWithTwoFactor();
    const noCode = await user.browser.post('/api/profile/two-factor/disable', {
      currentPassword: user.password,
      code: '000000',
    });
    expect(noCode.json().error.code).toBe('SECOND_FACTOR_INVALID');
    const wrongPassword = await user.browser.post('/api/profile/two-factor/disable', {
      currentPassword: 'not it at all',
      code: user.recoveryCodes[0],
    });
    expect(wrongPassword.json().error.code).toBe('CURRENT_PASSWORD_WRONG');
    const off = await user.browser.post('/api/profile/two-factor/disable', {
      currentPassword: user.password,
      code: user.recoveryCodes[0],
      language: 'en',
    });
    expect(off.statusCode).toBe(204);
    expect((await user.browser.get('/api/profile/two-factor')).json().enabled).toBe(false);
    const left = await app.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    expect(left).toHaveLength(0);
    const browser = await visitor();
    const signedIn = await browser.post('/api/auth/sign-in', {
      email: user.email,
      password: user.password,
    });
    expect(signedIn.json().user.email).toBe(user.email);
    expect(
      await mailAbout(user.email, 'Two-factor sign-in was turned off on your WonBridge account'),
    ).toBeDefined();
    const twice = await user.browser.post('/api/profile/two-factor/disable', {
      currentPassword: user.password,
      code: '123456',
    });
    expect(twice.json().error.code).toBe('TWO_FACTOR_NOT_ON');
  });
});

describe('staff: operators and agencies', () => {
  it('set up an authenticator app at their first sign-in, before any session opens', async () => {
    const operator = await createUser(app, { role: 'operator' });
    await app.db.delete(totpCredentials).where(eq(totpCredentials.userId, operator.id));
    const browser = await visitor();
    const answer = await browser.post('/api/auth/sign-in', {
      email: operator.email,
      password: operator.password,
    });
    const { challenge } = answer.json().secondFactorSetup as { challenge: string };
    expect(await whoIs(browser)).toBeNull();

    const setup = await browser.post('/api/auth/sign-in/two-factor-setup', { challenge });
    expect(setup.statusCode).toBe(200);
    const { secret, qrCode } = setup.json();
    expect(qrCode).toMatch(/^data:image\/png;base64,/);
    const wrong = await browser.post('/api/auth/sign-in/two-factor-confirm', {
      challenge,
      code: '000000',
    });
    expect(wrong.json().error).toMatchObject({
      code: 'SECOND_FACTOR_INVALID',
      fields: { code: 'secondFactorWrong' },
    });
    expect(await whoIs(browser)).toBeNull();
    const done = await browser.post('/api/auth/sign-in/two-factor-confirm', {
      challenge,
      code: totpCodeAt(secret),
      language: 'en',
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().user.role).toBe('operator');
    expect(done.json().recoveryCodes).toHaveLength(10);
    expect(await whoIs(browser)).toBe(operator.email);
    expect((await browser.get('/api/operator/audit-events')).statusCode).toBe(200);
    expect((await auditTrail(app, operator.id)).map((event) => event.action)).toEqual(
      expect.arrayContaining(['two_factor_enabled', 'sign_in']),
    );

    // The challenge is spent, and the next sign-in asks for a code, not a new set-up.
    const reused = await browser.post('/api/auth/sign-in/two-factor-setup', { challenge });
    expect(reused.json().error.code).toBe('SIGN_IN_CHALLENGE_INVALID');
    const next = await visitor();
    const second = await next.post('/api/auth/sign-in', {
      email: operator.email,
      password: operator.password,
    });
    expect(second.json().secondFactor).toBeDefined();
  });

  it('cannot turn it off, but can make new recovery codes', async () => {
    const agency = await createAgency(app);
    const user = await createUser(app, { role: 'agency', agencyId: agency.id });
    const browser = await signIn(app, user.email);
    const off = await browser.post('/api/profile/two-factor/disable', {
      currentPassword: user.password,
      code: '123456',
    });
    expect(off.statusCode).toBe(403);
    expect(off.json().error.code).toBe('TWO_FACTOR_REQUIRED_FOR_ROLE');
    expect((await browser.get('/api/profile/two-factor')).json().enabled).toBe(true);
  });
});

describe('step-up: a change to the account’s security asks for a recent second factor', () => {
  /** The session's last proof, moved back past STEP_UP_MINUTES. */
  async function ageProof(userId: string) {
    await app.db
      .update(sessions)
      .set({ secondFactorAt: sql`now() - interval '6 minutes'` })
      .where(eq(sessions.userId, userId));
  }

  it('password, email and payout account wait for a code; the code lets the same change through', async () => {
    const user = await userWithTwoFactor();
    await ageProof(user.id);
    const change = {
      currentPassword: user.password,
      password: 'another long passphrase',
      confirmPassword: 'another long passphrase',
    };
    const refused = await user.browser.post('/api/profile/password', change);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('STEP_UP_REQUIRED');
    const payee = await user.browser.put('/api/payee', {
      bankCode: '004',
      accountNumber: '123456-01-234567',
      language: 'en',
    });
    expect(payee.json().error.code).toBe('STEP_UP_REQUIRED');
    const email = await user.browser.put('/api/profile', { email: `new-${user.email}` });
    expect(email.json().error.code).toBe('STEP_UP_REQUIRED');
    // Not the security of the account: a phone number changes as before.
    const phone = await user.browser.put('/api/profile', {
      email: user.email,
      phone: '010-9876-5432',
    });
    expect(phone.statusCode).toBe(200);

    const wrong = await user.browser.post('/api/auth/step-up', { code: '000000' });
    expect(wrong.json().error.code).toBe('SECOND_FACTOR_INVALID');
    const proved = await user.browser.post('/api/auth/step-up', {
      code: await freshCode(app, user.id, user.secret),
    });
    expect(proved.statusCode).toBe(204);
    expect(
      (
        await user.browser.put('/api/payee', {
          bankCode: '004',
          accountNumber: '123456-01-234567',
          language: 'en',
        })
      ).statusCode,
    ).toBe(200);
    expect((await user.browser.post('/api/profile/password', change)).statusCode).toBe(204);
    const mail = await mailAbout(user.email, 'Your WonBridge payout account was changed');
    expect(mail?.text).toContain('KB Kookmin Bank …4567');
  });

  it('a user without two-factor changes password and email with the password, as before', async () => {
    const user = await createUser(app);
    const browser = await signIn(app, user.email);
    const change = {
      currentPassword: user.password,
      password: 'another long passphrase',
      confirmPassword: 'another long passphrase',
    };
    const noFactor = await browser.post('/api/auth/step-up', { code: '123456' });
    expect(noFactor.json().error.code).toBe('TWO_FACTOR_NOT_ON');
    expect((await browser.post('/api/profile/password', change)).statusCode).toBe(204);
    // The payout account is not among them: it needs two-factor on (money-out.test.ts).
  });
});
