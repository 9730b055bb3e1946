import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailMessage } from '@server/lib/mail/mailer';
import { newDeviceMail } from '@server/modules/auth/new-device-mail';
import type { App } from '@server/lib/zod-routes';
import { BrowserClient, GOOD_PASSWORD } from '@test/browser-client';
import { buildTestApp, mailOf } from '@test/helpers';
import { createUser } from '@test/identity';

const WINDOWS_CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

let app: App;
beforeAll(async () => {
  app = await buildTestApp({ publicUrl: 'https://portal.example' });
  await app.ready();
});
afterAll(() => app.close());

/** The mails to `email` once the answer's background work has had its turn. */
async function mailsTo(email: string, atLeast: number): Promise<MailMessage[]> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const found = mailOf(app).filter((mail) => mail.to === email);
    if (found.length >= atLeast || Date.now() > deadline) return found;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function signInFrom(browser: BrowserClient, email: string, body: object = {}) {
  return browser.post('/api/auth/sign-in', { email, password: GOOD_PASSWORD, ...body });
}

describe('a sign-in from a browser the account has not used', () => {
  it('mails the owner what signed in, from where and when, and what to do if it was not them', async () => {
    const user = await createUser(app, { name: '김하늘' });
    const browser = new BrowserClient(app, {
      remoteAddress: '211.234.10.1',
      userAgent: WINDOWS_CHROME,
    });
    await browser.visit();
    expect((await signInFrom(browser, user.email, { language: 'en' })).statusCode).toBe(200);
    const [mail] = await mailsTo(user.email, 1);
    expect(mail).toBeDefined();
    expect(mail!.subject).toBe('New sign-in to your WonBridge account');
    expect(mail!.text).toContain('Hello 김하늘,');
    expect(mail!.text).toContain('Chrome on Windows');
    expect(mail!.text).toContain('South Korea (211.234.10.1)');
    expect(mail!.text).toContain('https://portal.example/?auth=forgot-password');

    // The same browser again: known now, no mail.
    await browser.post('/api/auth/sign-out');
    expect((await signInFrom(browser, user.email)).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(mailOf(app).filter((mail) => mail.to === user.email)).toHaveLength(1);
  });

  it('writes in Korean unless the page said English, and mails nothing for a wrong password', async () => {
    const user = await createUser(app, { name: '홍길동' });
    const stranger = new BrowserClient(app);
    await stranger.visit();
    const wrong = await stranger.post('/api/auth/sign-in', {
      email: user.email,
      password: 'not the password at all',
    });
    expect(wrong.statusCode).toBe(401);
    const browser = new BrowserClient(app);
    await browser.visit();
    expect((await signInFrom(browser, user.email)).statusCode).toBe(200);
    const mails = await mailsTo(user.email, 1);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('원브릿지 계정에 새 기기 로그인');
    expect(mails[0]!.text).toContain('홍길동님, 안녕하세요.');
    expect(mails[0]!.text).toContain('사설 네트워크');
  });

  it('names what it cannot read plainly', () => {
    const mail = newDeviceMail('en', {
      to: { email: 'a@example.test', name: 'A' },
      userAgent: null,
      ip: null,
      at: new Date('2026-11-26T01:02:00.000Z'),
      publicUrl: 'https://portal.example',
    });
    expect(mail.text).toContain('an unknown device');
    expect(mail.text).toContain('an unknown place');
    expect(mail.text).toContain('26 November 2026 at 10:02 (Korea time)');
  });
});
