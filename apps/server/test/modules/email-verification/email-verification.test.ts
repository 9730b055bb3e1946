import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '@server/db/schema';
import { BrowserClient, randomAddress, signUpClient, uniqueEmail } from '@test/browser-client';
import { auditTrail } from '@test/identity';
import { startMailServer } from '@test/mail-server';
import { moneyKit, type MoneyKit, type Person } from '../money/money-test-kit';

/** Email confirmation at sign-up, and money waiting for it (docs/decisions/027). */
let mail: Awaited<ReturnType<typeof startMailServer>>;
let kit: MoneyKit;
beforeAll(async () => {
  mail = await startMailServer();
  kit = await moneyKit({
    config: { smtpUrl: mail.smtpUrl, publicUrl: 'https://portal.example', logLevel: 'error' },
  });
});
afterAll(async () => {
  await kit.close();
  await mail.close();
});

const SUBJECTS = { en: 'Confirm your email for WonBridge', ko: '원브릿지 이메일 확인' };

/** The token of the confirmation link in the first such mail to `email` since `since` mails. */
async function linkFor(email: string, since: number, language: 'en' | 'ko' = 'en') {
  const arrived = await mail.mailTo(email, since, { subject: SUBJECTS[language] });
  const match = /https:\/\/portal\.example\/\?auth=verify-email#token=([A-Za-z0-9_-]{43})/.exec(
    arrived.text,
  );
  if (!match) throw new Error(`no confirmation link in: ${arrived.text}`);
  return { token: match[1]!, mail: arrived };
}

async function confirm(token: string) {
  const browser = new BrowserClient(kit.app, { remoteAddress: randomAddress() });
  await browser.visit();
  return browser.post('/api/email-verification/confirm', { token });
}

async function signUp(language: 'en' | 'ko') {
  const email = uniqueEmail('verify');
  const since = mail.arrived.length;
  const browser = new BrowserClient(kit.app, { remoteAddress: randomAddress() });
  await browser.visit();
  const response = await browser.post('/api/auth/sign-up', {
    name: '김하늘',
    email,
    phone: '010-1234-5678',
    password: 'correct horse battery',
    confirmPassword: 'correct horse battery',
    language,
  });
  expect(response.statusCode, response.body).toBe(201);
  const { user } = response.json<{ user: { id: string; emailVerified: boolean } }>();
  return { browser, user, email, since };
}

async function emailVerified(browser: BrowserClient) {
  const me = await browser.get('/api/auth/me');
  return me.json<{ user: { emailVerified: boolean } }>().user.emailVerified;
}

/** A kit person (identity verified, a merchant account) whose email is not confirmed yet. */
async function unconfirmedPerson(): Promise<Person> {
  const person = await kit.person();
  await kit.app.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, person.id));
  return person;
}

describe('email confirmation at sign-up', () => {
  it('mails a link in the page language that confirms the email once', async () => {
    const { browser, user, email, since } = await signUp('en');
    expect(user.emailVerified).toBe(false);
    const { token, mail: arrived } = await linkFor(email, since);
    expect(arrived.text).toContain('Hello 김하늘,');
    expect(arrived.text).toContain('within\n24 hours');
    expect(await emailVerified(browser)).toBe(false);

    expect((await confirm(token)).statusCode).toBe(204);
    expect(await emailVerified(browser)).toBe(true);
    const again = await confirm(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ error: { code: 'VERIFY_LINK_INVALID' } });
    const actions = (await auditTrail(kit.app, user.id)).map((event) => event.action);
    expect(actions).toEqual(expect.arrayContaining(['email_verification_sent', 'email_verified']));
  });

  it('writes the mail in Korean for a Korean page, and stores the language', async () => {
    const { user, email, since } = await signUp('ko');
    const { mail: arrived } = await linkFor(email, since, 'ko');
    expect(arrived.text).toContain('김하늘님, 안녕하세요.');
    expect(arrived.text).toContain('24시간 안에');
    const [row] = await kit.app.db
      .select({ language: users.mailLanguage })
      .from(users)
      .where(eq(users.id, user.id));
    expect(row?.language).toBe('ko');
  });

  it('refuses an expired link and an unknown one', async () => {
    const { user, browser, email, since } = await signUp('en');
    const { token } = await linkFor(email, since);
    await kit.app.db.execute(
      sql`update email_verifications set created_at = now() - interval '25 hours', expires_at = now() - interval '1 hour' where user_id = ${user.id}`,
    );
    expect((await confirm(token)).json()).toMatchObject({ error: { code: 'VERIFY_LINK_INVALID' } });
    expect((await confirm('A'.repeat(43))).statusCode).toBe(400);
    expect((await confirm('not a token')).statusCode).toBe(400);
    expect(await emailVerified(browser)).toBe(false);
  });

  it('sends the link again at most once a minute, and the newest link is the one that works', async () => {
    const { browser, email, since } = await signUp('en');
    const first = await linkFor(email, since);
    const before = mail.arrived.length;
    const resent = await browser.post('/api/email-verification/resend', { language: 'ko' });
    expect(resent.statusCode).toBe(202);
    const second = await linkFor(email, before, 'ko');
    const throttled = await browser.post('/api/email-verification/resend', { language: 'en' });
    expect(throttled.statusCode).toBe(429);
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);

    expect((await confirm(first.token)).statusCode).toBe(400);
    expect((await confirm(second.token)).statusCode).toBe(204);
    // Confirmed: nothing more to send, and no mail.
    const count = mail.arrived.length;
    expect(
      (await browser.post('/api/email-verification/resend', { language: 'en' })).statusCode,
    ).toBe(204);
    expect(mail.arrived.length).toBe(count);
  });

  it('refuses buy, sell and a payout account until the email is confirmed, then lets them through', async () => {
    const owner = await unconfirmedPerson();
    const account = await kit.account(owner, '10');
    const buy = await owner.browser.post(
      '/api/transactions/buy',
      { accountId: account.id, amount: '2', quoteToken: await kit.quote(owner, 'buy') },
      { headers: { 'idempotency-key': crypto.randomUUID() } },
    );
    expect(buy.statusCode).toBe(403);
    expect(buy.json()).toMatchObject({ error: { code: 'EMAIL_NOT_VERIFIED' } });
    const sell = await owner.browser.post(
      '/api/transactions/sell',
      { accountId: account.id, amount: '2', quoteToken: await kit.quote(owner, 'sell') },
      { headers: { 'idempotency-key': crypto.randomUUID() } },
    );
    expect(sell.json()).toMatchObject({ error: { code: 'EMAIL_NOT_VERIFIED' } });
    const payee = await owner.browser.put('/api/payee', {
      bankCode: '088',
      accountNumber: '110-123-456789',
    });
    expect(payee.statusCode).toBe(403);
    expect(payee.json()).toMatchObject({ error: { code: 'EMAIL_NOT_VERIFIED' } });
    const [written] = await kit.app.db
      .execute<{ n: number }>(
        sql`select count(*)::int as n from transactions where user_id = ${owner.id}`,
      )
      .then((result) => result.rows);
    expect(written?.n).toBe(0);

    const since = mail.arrived.length;
    await owner.browser.post('/api/email-verification/resend', { language: 'en' });
    expect((await confirm((await linkFor(owner.email, since)).token)).statusCode).toBe(204);
    const made = await kit.made(owner, 'buy', account.id, '2');
    expect(made.status).toBe('Requested');
  });

  it('makes a changed email unconfirmed until the link mailed to the new address is opened', async () => {
    const { browser, user } = await signUpClient(kit.app);
    expect(await emailVerified(browser)).toBe(true);
    const newEmail = uniqueEmail('moved');
    const since = mail.arrived.length;
    const changed = await browser.put('/api/profile', { email: newEmail, language: 'en' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ user: { email: newEmail, emailVerified: false } });
    const { token, mail: arrived } = await linkFor(newEmail, since);
    expect(arrived.to).toEqual([newEmail]);
    expect((await confirm(token)).statusCode).toBe(204);
    expect(await emailVerified(browser)).toBe(true);
    expect(user.id).toBeTruthy();
  });

  it('does not let a link mailed to an earlier address confirm the current one', async () => {
    const { browser, email, since } = await signUp('en');
    const { token } = await linkFor(email, since);
    const changed = await browser.put('/api/profile', { email: uniqueEmail('later') });
    expect(changed.statusCode).toBe(200);
    expect((await confirm(token)).statusCode).toBe(400);
    expect(await emailVerified(browser)).toBe(false);
  });
});
