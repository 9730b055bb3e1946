import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '@server/lib/zod-routes';
import { BrowserClient, GOOD_PASSWORD, randomAddress, uniqueEmail } from '@test/browser-client';
import { buildTestApp } from '@test/helpers';
import { auditTrail, createUser, signIn, whoIs } from '@test/identity';
import { startMailServer } from '@test/mail-server';

const NEW_PASSWORD = 'a brand new passphrase';

let app: App;
let mail: Awaited<ReturnType<typeof startMailServer>>;
beforeAll(async () => {
  mail = await startMailServer();
  app = await buildTestApp({ smtpUrl: mail.smtpUrl, publicUrl: 'https://portal.example' });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await mail.close();
});

async function visitor(target: App = app) {
  const browser = new BrowserClient(target, { remoteAddress: randomAddress() });
  await browser.visit();
  return browser;
}

async function askForReset(email: string, language: 'en' | 'ko' = 'en') {
  const response = await (await visitor()).post('/api/auth/password-reset', { email, language });
  expect(response.statusCode).toBe(202);
  return response;
}

const RESET_SUBJECTS = ['Reset your WonBridge password', '원브릿지 비밀번호 재설정'];

/** The first reset mail to `email` since `since` mails, in either language. */
async function resetMailTo(email: string, since: number) {
  return Promise.any(RESET_SUBJECTS.map((subject) => mail.mailTo(email, since, { subject })));
}

/** The reset mails that arrived after `since` mails (not the mails of sign-ins). */
function resetMailsSince(since: number) {
  return mail.arrived.slice(since).filter((arrived) => RESET_SUBJECTS.includes(arrived.subject));
}

/** The token of the reset link in the newest mail to `email`. */
async function linkTokenFor(email: string, since: number) {
  const arrived = await resetMailTo(email, since);
  const match = /https:\/\/portal\.example\/\?auth=reset-password#token=([A-Za-z0-9_-]{43})/.exec(
    arrived.text,
  );
  if (!match) throw new Error(`no reset link in: ${arrived.text}`);
  return { token: match[1]!, mail: arrived };
}

async function setPassword(token: string, password = NEW_PASSWORD) {
  return (await visitor()).post('/api/auth/password-reset/confirm', {
    token,
    password,
    confirmPassword: password,
  });
}

describe('password reset by email', () => {
  it('mails a link that sets a new password once, ends every session and signs nobody in', async () => {
    const user = await createUser(app, { name: '김하늘' });
    const before = await signIn(app, user.email);
    const since = mail.arrived.length;
    await askForReset(user.email);
    const { token, mail: arrived } = await linkTokenFor(user.email, since);
    expect(arrived.subject).toBe('Reset your WonBridge password');
    expect(arrived.from).toContain('no-reply@wonbridge.example');
    expect(arrived.text).toContain('Hello 김하늘,');
    expect(arrived.text).toContain('within 30 minutes');
    expect(arrived.text).toContain('If you did not ask for this, ignore this mail');

    const setter = await visitor();
    const response = await setter.post('/api/auth/password-reset/confirm', {
      token,
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(response.statusCode).toBe(204);
    expect((await setter.get('/api/auth/me')).json().user).toBeNull();
    expect(await whoIs(before)).toBeNull();

    const old = await (
      await visitor()
    ).post('/api/auth/sign-in', {
      email: user.email,
      password: GOOD_PASSWORD,
    });
    expect(old.statusCode).toBe(401);
    const fresh = await (
      await visitor()
    ).post('/api/auth/sign-in', {
      email: user.email,
      password: NEW_PASSWORD,
    });
    expect(fresh.statusCode).toBe(200);

    const again = await setPassword(token, 'yet another passphrase');
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('RESET_LINK_INVALID');

    const actions = (await auditTrail(app, user.id)).map((event) => event.action);
    expect(actions).toContain('password_reset_requested');
    expect(actions).toContain('password_reset');
    // Only the token's hash is kept.
    const kept = await app.db.execute<{ token_hash: string }>(
      sql`select token_hash from password_resets where user_id = ${user.id}`,
    );
    expect(kept.rows).toHaveLength(1);
    expect(JSON.stringify(kept.rows)).not.toContain(token);
  });

  it('writes the mail in Korean when asked from a Korean page', async () => {
    const user = await createUser(app, { name: '홍길동' });
    const since = mail.arrived.length;
    await askForReset(user.email, 'ko');
    const { mail: arrived } = await linkTokenFor(user.email, since);
    expect(arrived.subject).toBe('원브릿지 비밀번호 재설정');
    expect(arrived.text).toContain('홍길동님, 안녕하세요.');
    expect(arrived.text).toContain('30분 안에 아래 링크를 여세요.');
  });

  it('answers an unknown email exactly as a known one, and mails nobody', async () => {
    const unknown = uniqueEmail('nobody');
    const known = await createUser(app);
    const since = mail.arrived.length;
    const first = await askForReset(unknown);
    const second = await askForReset(known.email);
    expect(first.body).toBe(second.body);
    expect(first.headers['content-type']).toBe(second.headers['content-type']);
    await resetMailTo(known.email, since);
    // The known one's mail was prepared after the unknown one's answer: nothing for the unknown.
    expect(resetMailsSince(since).map((arrived) => arrived.to)).toEqual([[known.email]]);
  });

  it('only the newest link works, and only for 30 minutes', async () => {
    const user = await createUser(app);
    let since = mail.arrived.length;
    await askForReset(user.email);
    const older = (await linkTokenFor(user.email, since)).token;
    since = mail.arrived.length;
    await askForReset(user.email);
    const newer = (await linkTokenFor(user.email, since)).token;
    expect((await setPassword(older)).json().error.code).toBe('RESET_LINK_INVALID');

    await app.db.execute(
      sql`update password_resets set created_at = created_at - interval '31 minutes',
             expires_at = expires_at - interval '31 minutes' where user_id = ${user.id}`,
    );
    expect((await setPassword(newer)).json().error.code).toBe('RESET_LINK_INVALID');
  });

  it('refuses a common password without spending the link', async () => {
    const user = await createUser(app);
    const since = mail.arrived.length;
    await askForReset(user.email);
    const { token } = await linkTokenFor(user.email, since);
    const common = await setPassword(token, 'password123');
    expect(common.statusCode).toBe(400);
    expect(common.json().error.fields).toEqual({ password: 'passwordCommon' });
    expect((await setPassword(token)).statusCode).toBe(204);
  });

  it('lets one of two uses at the same moment through', async () => {
    const user = await createUser(app);
    const since = mail.arrived.length;
    await askForReset(user.email);
    const { token } = await linkTokenFor(user.email, since);
    const answers = await Promise.all([setPassword(token), setPassword(token, 'other passphrase')]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([204, 400]);
  });

  it('mails a disabled user nothing, and a link stops working when its user is disabled', async () => {
    const user = await createUser(app);
    const since = mail.arrived.length;
    await askForReset(user.email);
    const { token } = await linkTokenFor(user.email, since);
    await app.db.execute(sql`update users set status = 'disabled' where id = ${user.id}`);
    expect((await setPassword(token)).json().error.code).toBe('RESET_LINK_INVALID');
    const after = mail.arrived.length;
    const other = await createUser(app);
    await askForReset(user.email);
    await askForReset(other.email);
    await resetMailTo(other.email, after);
    expect(resetMailsSince(after).flatMap((arrived) => arrived.to)).toEqual([other.email]);
  });

  it('sends an account at most 3 mails an hour, and an address may ask 10 times', async () => {
    const user = await createUser(app);
    const since = mail.arrived.length;
    for (let count = 0; count < 5; count += 1) await askForReset(user.email);
    const marker = await createUser(app);
    await askForReset(marker.email);
    await resetMailTo(marker.email, since);
    const toUser = resetMailsSince(since).filter((arrived) => arrived.to.includes(user.email));
    expect(toUser).toHaveLength(3);

    const browser = await visitor();
    const ask = () =>
      browser.post('/api/auth/password-reset', { email: uniqueEmail('spray'), language: 'en' });
    for (let count = 0; count < 10; count += 1) expect((await ask()).statusCode).toBe(202);
    const refused = await ask();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('RATE_LIMITED');
  });

  it('refuses links that are not tokens with 400 VALIDATION_FAILED', async () => {
    for (const token of ['', 'short', 'x'.repeat(43).replace(/x$/, '!'), 'a'.repeat(44)]) {
      const response = await setPassword(token);
      expect(response.statusCode, token).toBe(400);
      expect(response.json().error.code, token).toBe('VALIDATION_FAILED');
    }
    const unknown = await setPassword('A'.repeat(43));
    expect(unknown.json().error.code).toBe('RESET_LINK_INVALID');
  });
});

describe('without SMTP_URL', () => {
  it('writes the mail as an .eml file under DATA_DIR/mail', async () => {
    const mailDir = await mkdtemp(join(tmpdir(), 'portal-mail-'));
    const local = await buildTestApp({ mailDir, publicUrl: 'http://localhost:3000' });
    try {
      await local.ready();
      const user = await createUser(local);
      const browser = await visitor(local);
      const response = await browser.post('/api/auth/password-reset', {
        email: user.email,
        language: 'en',
      });
      expect(response.statusCode).toBe(202);
      const deadline = Date.now() + 10_000;
      let files: string[] = [];
      while (files.length === 0 && Date.now() < deadline) {
        files = (await readdir(mailDir)).filter((name) => name.endsWith('.eml'));
        if (files.length === 0) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(files).toHaveLength(1);
      const parsed = await simpleParser(await readFile(join(mailDir, files[0]!)));
      expect(parsed.subject).toBe('Reset your WonBridge password');
      expect(parsed.text).toMatch(
        /http:\/\/localhost:3000\/\?auth=reset-password#token=[A-Za-z0-9_-]{43}/,
      );
    } finally {
      await local.close();
      await rm(mailDir, { recursive: true, force: true });
    }
  });
});
