import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import {
  launchBrowser,
  newContext,
  noSideways,
  screenshot,
  viewports,
  watchErrors,
  type Language,
} from '../support/browser';
import { text } from '../support/locales';
import { mailWrittenTo } from '../support/mail-files';
import { startPortal, type RunningPortal } from '../support/portal-server';

/**
 * Email confirmation at sign-up as a person goes through it (docs/decisions/027): sign up in the
 * dialog, see the notice that money waits for the email, read the mail where a laptop's portal
 * writes it (an .eml file under DATA_DIR/mail), open its link, and find Buy no longer waiting
 * for the email; in both languages, at phone and desktop width. Its own portal, so that its mail
 * folder is this test's.
 */
let browser: Browser;
let portal: RunningPortal;
const read = new Set<string>();
beforeAll(async () => {
  [browser, portal] = await Promise.all([
    launchBrowser(),
    startPortal({ DEMO_DATA: 'false', TRUST_PROXY: 'loopback' }),
  ]);
}, 90_000);
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

describe('email confirmation at sign-up', () => {
  for (const [language, viewport] of [
    ['en', 'desktop'],
    ['ko', 'phone'],
    ['ko', 'desktop'],
    ['en', 'phone'],
  ] as Array<[Language, keyof typeof viewports]>) {
    it(`in ${language} at ${viewport} width: sign up, read the mail, open the link, Buy opens`, async () => {
      const baseURL = portal.baseURL;
      const context = await newContext(browser, { language, viewport });
      const page = await context.newPage();
      const errors = watchErrors(page);
      const email = `verify-${language}-${viewport}-${Date.now()}@example.com`;
      const password = 'a long enough password';
      const shot = (step: string) =>
        screenshot(page, `email-verification-${step}-${language}-${viewport}`, { fullPage: false });

      await page.goto(`${baseURL}/?auth=sign-up`);
      const signUp = page.getByRole('dialog', { name: text(language, 'auth', 'signUp.title') });
      await signUp.waitFor();
      const field = (key: string) =>
        signUp.getByRole('textbox', { name: text(language, 'auth', `fields.${key}`), exact: true });
      await field('name').fill('김하늘');
      await field('email').fill(email);
      await field('phone').fill('010-2345-6789');
      await field('password').fill(password);
      await field('confirmPassword').fill(password);
      await signUp.getByRole('button', { name: text(language, 'auth', 'signUp.submit') }).click();
      await page.waitForURL(`${baseURL}/app`);

      // Signed in, not confirmed: every screen says so, and Buy before anything is typed.
      const notice = page
        .getByRole('alert')
        .filter({ hasText: text(language, 'common', 'emailNotVerified.title') });
      await notice.waitFor();
      await noSideways(page);
      await shot('notice');
      await page.goto(`${baseURL}/app/buy`);
      await notice.waitFor();
      await noSideways(page);
      await shot('buy-waits');

      // The mail, in the page's language, with its link.
      const arrived = await mailWrittenTo(portal.dataDir, email, read);
      expect(arrived.subject).toBe(
        language === 'ko' ? '원브릿지 이메일 확인' : 'Confirm your email for WonBridge',
      );
      const link = /http:\/\/localhost:\d+\/\?auth=verify-email#token=[\w-]{43}/.exec(
        arrived.text,
      )?.[0];
      expect(link, arrived.text).toBeDefined();

      // The link confirms the email and drops the token from the address.
      await page.goto(link!.replace('http://localhost:', 'http://127.0.0.1:'));
      const dialog = page.getByRole('dialog', {
        name: text(language, 'auth', 'verifyEmail.title'),
      });
      await dialog.getByText(text(language, 'auth', 'verifyEmail.done')).waitFor();
      expect(new URL(page.url()).hash).toBe('');
      await noSideways(page);
      await shot('confirmed');

      // Buy opens without the notice: what it waits for now is the identity check.
      await dialog.getByRole('link', { name: text(language, 'auth', 'verifyEmail.toApp') }).click();
      await page.waitForURL(`${baseURL}/app/buy`);
      await page
        .getByRole('alert')
        .filter({ hasText: text(language, 'common', 'verificationRequired.title') })
        .waitFor();
      expect(await notice.count()).toBe(0);
      await shot('buy-opens');
      expect(errors).toEqual([]);
      await context.close();
    }, 90_000);
  }
});
