import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_MIN_LENGTH } from '@portal/contract/auth';
import type { App } from '@server/lib/zod-routes';
import { BrowserClient, GOOD_PASSWORD, uniqueEmail } from '@test/browser-client';
import { buildTestApp } from '@test/helpers';
import { auditTrail, footprint } from '@test/identity';

let app: App;
beforeAll(async () => {
  app = await buildTestApp();
  await app.ready();
});
afterAll(() => app.close());

async function signUp(overrides: Record<string, unknown> = {}) {
  const browser = new BrowserClient(app);
  await browser.visit();
  const email = uniqueEmail('sign-up');
  const body = {
    name: '홍길동',
    email,
    phone: '010-1234-5678',
    password: GOOD_PASSWORD,
    confirmPassword: GOOD_PASSWORD,
    ...overrides,
  };
  return {
    browser,
    email: String(body.email),
    response: await browser.post('/api/auth/sign-up', body),
  };
}

describe('POST /api/auth/sign-up', () => {
  it('refuses a password of 8 characters or fewer with passwordTooShort', async () => {
    for (const password of ['1234567', '12345678', '한글비밀번호여덟']) {
      expect([...password].length).toBeLessThan(PASSWORD_MIN_LENGTH);
      const { response, email } = await signUp({ password, confirmPassword: password });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toEqual({
        code: 'VALIDATION_FAILED',
        message: 'Some fields are not valid.',
        fields: { password: 'passwordTooShort' },
      });
      expect((await footprint(app, email)).user).toBeNull();
    }
  });

  it('accepts 9 characters, and passwords of 64 and more', async () => {
    for (const password of ['x7#kq2!mz', 'p'.repeat(64), `${'긴 비밀번호 '.repeat(20)}!`]) {
      const { response } = await signUp({ password, confirmPassword: password });
      expect(response.statusCode, password).toBe(201);
    }
  });

  it('refuses the most common breached passwords with passwordCommon, whatever their case', async () => {
    for (const password of ['123456789', 'qwertyuiop', 'Password1', '1Q2W3E4R5T', 'WonBridge123']) {
      const { response, email } = await signUp({ password, confirmPassword: password });
      expect(response.statusCode, password).toBe(400);
      expect(response.json().error, password).toEqual({
        code: 'VALIDATION_FAILED',
        message: 'Some fields are not valid.',
        fields: { password: 'passwordCommon' },
      });
      expect((await footprint(app, email)).user).toBeNull();
    }
  });

  it('needs the confirmation to match', async () => {
    const { response } = await signUp({ confirmPassword: `${GOOD_PASSWORD}.` });
    expect(response.json().error.fields).toEqual({ confirmPassword: 'passwordMismatch' });
  });

  it('keeps only an argon2id hash, the email lower-cased, and signs the new client in', async () => {
    const email = uniqueEmail('Mixed.Case');
    const { response, browser } = await signUp({ email: ` ${email.toUpperCase()} ` });
    expect(response.statusCode).toBe(201);
    const { user } = await footprint(app, email.toLowerCase());
    expect(user?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(user?.passwordHash).not.toContain(GOOD_PASSWORD);
    expect(user?.role).toBe('client');
    expect((await browser.get('/api/auth/me')).json().user.email).toBe(email.toLowerCase());
    // The confirmation mail's own event comes after the answer (docs/decisions/027).
    const actions = (await auditTrail(app, user?.id ?? '')).map((event) => event.action);
    expect(actions.filter((action) => action !== 'email_verification_sent')).toEqual(['sign_up']);
    expect(user?.emailVerifiedAt).toBeNull();
  });

  it('refuses an email that is taken, whatever its case: 409 EMAIL_TAKEN', async () => {
    const { email } = await signUp();
    const { response } = await signUp({ email: email.toUpperCase(), name: '김철수' });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatchObject({
      code: 'EMAIL_TAKEN',
      fields: { email: 'invalid' },
    });
    expect((await footprint(app, email)).user?.name).toBe('홍길동');
  });

  it.each([
    ['an emoji name', { name: '김민준😀' }, { name: 'nameCharacters' }],
    ['a name with a digit', { name: '홍길동2' }, { name: 'nameCharacters' }],
    ['a name of 61 characters', { name: '가'.repeat(61) }, { name: 'tooLong?max=60' }],
    ['an incomplete phone', { phone: '010-1234' }, { phone: 'phoneInvalid' }],
    ['a phone of another country', { phone: '+1 212 555 0100' }, { phone: 'phoneInvalid' }],
  ])('refuses %s with 400 VALIDATION_FAILED on its field', async (_what, overrides, fields) => {
    const { response, email } = await signUp(overrides);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Some fields are not valid.',
      fields,
    });
    expect((await footprint(app, email)).user).toBeNull();
  });

  it('takes a foreigner’s Latin name, and stores the phone with dashes', async () => {
    const { response, email } = await signUp({
      name: "Jean-Luc O'Brien",
      phone: '+82 10 2345 6789',
    });
    expect(response.statusCode, response.body).toBe(201);
    const { user } = await footprint(app, email);
    expect(user).toMatchObject({ name: "Jean-Luc O'Brien", phone: '010-2345-6789' });
  });
});
