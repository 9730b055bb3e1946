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
import { callApi, signUpWithApi } from '../support/api';
import { text } from '../support/locales';
import { startPortal, type RunningPortal } from '../support/portal-server';
import { signIn } from '../support/session';
import { mailWrittenTo } from '../support/mail-files';

/**
 * "Forgot your password?" as a person goes through it (docs/SECURITY.md "Password reset by
 * email"): asked from the sign-in dialog, the mail read where a laptop's portal writes it (an
 * .eml file under DATA_DIR/mail; the API tests read it from a real SMTP server), its link opened,
 * a new password set, and sign-in with it; in both languages, at phone and desktop width. Its own
 * portal, so that its mail folder is this test's.
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

const OLD_PASSWORD = 'the first long passphrase';
const NEW_PASSWORD = 'the second long passphrase';
/** The reset mail's subject in each language. */
const RESET_SUBJECTS: Record<Language, string> = {
  en: 'Reset your WonBridge password',
  ko: '원브릿지 비밀번호 재설정',
};

describe('password reset by email', () => {
  for (const [language, viewport] of [
    ['en', 'desktop'],
    ['ko', 'phone'],
    ['ko', 'desktop'],
    ['en', 'phone'],
  ] as Array<[Language, keyof typeof viewports]>) {
    it(`in ${language} at ${viewport} width: ask, read the mail, set a new password, sign in`, async () => {
      const baseURL = portal.baseURL;
      const context = await newContext(browser, { language, viewport });
      const page = await context.newPage();
      const errors = watchErrors(page);
      await page.goto(`${baseURL}/`);
      const email = await signUpWithApi(page, {
        name: '김하늘',
        password: OLD_PASSWORD,
        emailPrefix: 'reset',
      });
      await callApi(page, 'POST', '/auth/sign-out');
      await context.clearCookies();

      // From the sign-in dialog to the request for a link.
      await page.goto(`${baseURL}/?auth=sign-in`);
      await page
        .getByRole('link', { name: text(language, 'auth', 'signIn.forgotPassword') })
        .click();
      const ask = page.getByRole('dialog', {
        name: text(language, 'auth', 'forgotPassword.title'),
      });
      await ask.getByRole('textbox', { name: text(language, 'auth', 'fields.email') }).fill(email);
      await ask
        .getByRole('button', { name: text(language, 'auth', 'forgotPassword.submit') })
        .click();
      await expect
        .poll(() => ask.getByRole('status').textContent())
        .toBe(text(language, 'auth', 'forgotPassword.sent', { email, minutes: 30 }));
      await noSideways(page);
      await screenshot(page, `password-reset-asked-${language}-${viewport}`, { fullPage: false });

      // The mail, in the page's language, with its link.
      // (The sign-up's own mail, which confirms the email, is another.)
      const arrived = await mailWrittenTo(portal.dataDir, email, read, {
        subjects: Object.values(RESET_SUBJECTS),
      });
      expect(arrived.subject).toBe(RESET_SUBJECTS[language]);
      const link = /http:\/\/localhost:\d+\/\?auth=reset-password#token=[\w-]{43}/.exec(
        arrived.text,
      )?.[0];
      expect(link, arrived.text).toBeDefined();

      // The link opens the dialog, which drops the token from the address.
      await page.goto(link!.replace('http://localhost:', 'http://127.0.0.1:'));
      const reset = page.getByRole('dialog', {
        name: text(language, 'auth', 'resetPassword.title'),
      });
      await reset.waitFor();
      await expect.poll(() => new URL(page.url()).hash).toBe('');
      await reset
        .getByRole('textbox', { name: text(language, 'auth', 'resetPassword.password') })
        .fill(NEW_PASSWORD);
      await reset
        .getByRole('textbox', { name: text(language, 'auth', 'fields.confirmPassword') })
        .fill(NEW_PASSWORD);
      await noSideways(page);
      await screenshot(page, `password-reset-new-${language}-${viewport}`, { fullPage: false });
      await reset
        .getByRole('button', { name: text(language, 'auth', 'resetPassword.submit') })
        .click();

      // Signed in nowhere: the sign-in dialog, where the new password works.
      await page.getByText(text(language, 'auth', 'resetPassword.done')).waitFor();
      await signIn(page, language, email, NEW_PASSWORD);
      await page.waitForURL(`${baseURL}/app`);

      // The link was spent: opened again, it says so and offers a new one.
      await page.goto(link!.replace('http://localhost:', 'http://127.0.0.1:'));
      const again = page.getByRole('dialog', {
        name: text(language, 'auth', 'resetPassword.title'),
      });
      await again.waitFor();
      await again
        .getByRole('textbox', { name: text(language, 'auth', 'resetPassword.password') })
        .fill('a third long passphrase');
      await again
        .getByRole('textbox', { name: text(language, 'auth', 'fields.confirmPassword') })
        .fill('a third long passphrase');
      await again
        .getByRole('button', { name: text(language, 'auth', 'resetPassword.submit') })
        .click();
      await expect
        .poll(() => again.getByRole('alert').textContent())
        .toBe(text(language, 'errors', 'codes.RESET_LINK_INVALID'));
      await again
        .getByRole('link', { name: text(language, 'auth', 'resetPassword.askAgain') })
        .waitFor();
      await screenshot(page, `password-reset-spent-${language}-${viewport}`, { fullPage: false });
      expect(errors).toEqual([]);
      await context.close();
    }, 60_000);
  }
});
