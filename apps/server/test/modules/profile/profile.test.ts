import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '@server/db/schema';
import type { App } from '@server/lib/zod-routes';
import { BrowserClient, GOOD_PASSWORD, uniqueEmail } from '@test/browser-client';
import { buildTestApp } from '@test/helpers';
import { auditTrail, createUser, footprint, signedIn } from '@test/identity';

let app: App;
beforeAll(async () => {
  app = await buildTestApp();
  await app.ready();
});
afterAll(() => app.close());

describe('PUT /api/profile', () => {
  it('saves name, email and phone, answers with the user, and records what changed', async () => {
    const { id, browser } = await signedIn(app);
    const email = uniqueEmail('renamed');
    const response = await browser.put('/api/profile', {
      name: '  김철수 ',
      email: email.toUpperCase(),
      phone: '010-9876-5432',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      user: {
        id,
        name: '김철수',
        email,
        phone: '010-9876-5432',
        role: 'client',
        agency: null,
        // A new address waits for its own confirmation link (docs/decisions/027).
        emailVerified: false,
      },
    });
    expect((await browser.get('/api/auth/me')).json().user).toMatchObject({
      email,
      name: '김철수',
    });

    const events = (await auditTrail(app, id)).filter((e) => e.action === 'profile_changed');
    expect(events).toHaveLength(1);
    expect(events[0]?.details).toEqual({ changed: ['name', 'email', 'phone'] });
    expect(events[0]?.actorUserId).toBe(id);
  });

  it('records nothing when nothing changed', async () => {
    const { id, email, browser } = await signedIn(app);
    const response = await browser.put('/api/profile', {
      name: '홍길동',
      email,
      phone: '010-1234-5678',
    });
    expect(response.statusCode).toBe(200);
    expect((await auditTrail(app, id)).map((e) => e.action)).not.toContain('profile_changed');
  });

  it('stores a decomposed Hangul name as NFC', async () => {
    const { id, email, browser } = await signedIn(app);
    const response = await browser.put('/api/profile', {
      name: '김영희'.normalize('NFD'),
      email,
      phone: '010-1234-5678',
    });
    expect(response.json().user.name).toBe('김영희');
    const [row] = await app.db.select().from(users).where(eq(users.id, id));
    expect(row?.name).toBe('김영희');
  });

  it('refuses an email that belongs to someone else: 409 EMAIL_TAKEN, nothing changed', async () => {
    const taken = await createUser(app);
    const { email, browser } = await signedIn(app);
    const before = await footprint(app, email);
    const response = await browser.put('/api/profile', {
      name: '홍길동',
      email: taken.email.toUpperCase(),
      phone: '010-5555-6666',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatchObject({
      code: 'EMAIL_TAKEN',
      fields: { email: 'invalid' },
    });
    expect(await footprint(app, email)).toEqual(before);
  });

  it.each([
    ['an emoji name', { name: '김민준😀' }, { name: 'nameCharacters' }],
    ['an incomplete phone', { phone: '010-1234' }, { phone: 'phoneInvalid' }],
  ])(
    'refuses %s: 400 VALIDATION_FAILED on its field, nothing changed',
    async (_what, change, fields) => {
      const { email, browser } = await signedIn(app);
      const before = await footprint(app, email);
      const response = await browser.put('/api/profile', {
        name: '홍길동',
        email,
        phone: '010-1234-5678',
        ...change,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toEqual({
        code: 'VALIDATION_FAILED',
        message: 'Some fields are not valid.',
        fields,
      });
      expect(await footprint(app, email)).toEqual(before);
    },
  );

  it('keeps a name and phone stored before the rules when they are left out', async () => {
    const { id, browser } = await signedIn(app);
    // Stored before names and phones were checked as they are now: never rewritten.
    await app.db
      .update(users)
      .set({ name: 'Kim 2세', phone: '+1 212 555 0100' })
      .where(eq(users.id, id));
    const newEmail = uniqueEmail('kept');
    const response = await browser.put('/api/profile', { email: newEmail });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().user).toMatchObject({
      name: 'Kim 2세',
      phone: '+1 212 555 0100',
      email: newEmail,
    });
    expect((await browser.get('/api/auth/me')).json().user.name).toBe('Kim 2세');
    expect(
      (await auditTrail(app, id)).find((e) => e.action === 'profile_changed')?.details,
    ).toEqual({ changed: ['email'] });
    // Typed anew, the same name meets the rule.
    const retyped = await browser.put('/api/profile', { name: 'Kim 2세', email: newEmail });
    expect(retyped.json().error?.fields).toEqual({ name: 'nameCharacters' });
  });

  it('is for signed-in users only', async () => {
    const { email } = await createUser(app);
    const anonymous = new BrowserClient(app);
    await anonymous.visit();
    const response = await anonymous.put('/api/profile', {
      name: '홍길동',
      email,
      phone: '010-1234-5678',
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('UNAUTHENTICATED');
  });
});

describe('POST /api/profile/password', () => {
  const change = (currentPassword: string, password = 'another fine passphrase') => ({
    currentPassword,
    password,
    confirmPassword: password,
  });

  it('needs the current password: 400 CURRENT_PASSWORD_WRONG, nothing changed', async () => {
    const { email, browser } = await signedIn(app);
    const before = await footprint(app, email);
    const response = await browser.post('/api/profile/password', change('not my password'));
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'CURRENT_PASSWORD_WRONG',
      fields: { currentPassword: 'invalid' },
    });
    const after = await footprint(app, email);
    expect(after.user?.passwordHash).toBe(before.user?.passwordHash);
    expect(after.sessions).toBe(before.sessions);
    expect(after.auditEvents).toBe(before.auditEvents);
  });

  it('applies the password rules to the new one', async () => {
    const { browser } = await signedIn(app);
    const short = await browser.post('/api/profile/password', change(GOOD_PASSWORD, '12345678'));
    expect(short.json().error.fields).toEqual({ password: 'passwordTooShort' });
    const mismatch = await browser.post('/api/profile/password', {
      currentPassword: GOOD_PASSWORD,
      password: 'another fine passphrase',
      confirmPassword: 'another fine passphrasf',
    });
    expect(mismatch.json().error.fields).toEqual({ confirmPassword: 'passwordMismatch' });
  });

  it('refuses a common breached password as the new one, and keeps the old', async () => {
    const { email, browser } = await signedIn(app);
    const before = await footprint(app, email);
    const common = await browser.post('/api/profile/password', change(GOOD_PASSWORD, 'Qwerty123'));
    expect(common.statusCode).toBe(400);
    expect(common.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { password: 'passwordCommon' },
    });
    const after = await footprint(app, email);
    expect(after.user?.passwordHash).toBe(before.user?.passwordHash);
    expect(after.sessions).toBe(before.sessions);
  });

  it('records the change in the audit log', async () => {
    const { id, browser } = await signedIn(app);
    const response = await browser.post('/api/profile/password', change(GOOD_PASSWORD));
    expect(response.statusCode).toBe(204);
    const events = (await auditTrail(app, id)).filter((e) => e.action === 'password_changed');
    expect(events).toHaveLength(1);
    expect(JSON.stringify(events[0])).not.toContain('another fine passphrase');
  });

  it('stops guessing the current password after 5 wrong tries', async () => {
    const { browser } = await signedIn(app);
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const response = await browser.post('/api/profile/password', change(`guess ${attempt}!`));
      expect(response.statusCode).toBe(400);
    }
    const response = await browser.post('/api/profile/password', change(GOOD_PASSWORD));
    expect(response.statusCode).toBe(429);
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
  });
});
