import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { formatRecoveryCode } from '@portal/contract/two-factor';
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
import { DEMO_USERS, openSignedIn, signIn } from '../support/session';
import { currentCode, nextCode, rememberSecret } from '../support/two-factor';

/**
 * Two-factor sign-in in a real browser (docs/SECURITY.md "Two-factor sign-in"), in English and
 * Korean at 375 and 1280 px: a client turns it on from Profile (password, QR code and key, a
 * code from the app, the recovery codes shown once), then signs in with a code (a wrong one said
 * on the field) and with a recovery code typed as it was shown; a new agency user sets up the app
 * at their first sign-in and lands in the portal.
 */
const baseURL = inject('baseURL');
const PASSWORD = 'two factor long passphrase';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** The sign-in dialog of a fresh page at /app, filled and sent up to its second step. */
async function passwordStep(page: Page, language: Language, email: string) {
  await page.goto(`${baseURL}/app`);
  const dialog = page.getByRole('dialog', { name: text(language, 'auth', 'signIn.title') });
  const field = (key: string) =>
    dialog.getByRole('textbox', { name: text(language, 'auth', `fields.${key}`), exact: true });
  await field('email').fill(email);
  await field('password').fill(PASSWORD);
  await dialog
    .getByRole('button', { name: text(language, 'auth', 'signIn.submit'), exact: true })
    .click();
  const step = page.getByRole('dialog', { name: text(language, 'auth', 'secondFactor.title') });
  await step.waitFor();
  return step;
}

describe('two-factor sign-in', () => {
  for (const [language, viewport] of [
    ['en', 'desktop'],
    ['ko', 'phone'],
    ['ko', 'desktop'],
    ['en', 'phone'],
  ] as Array<[Language, keyof typeof viewports]>) {
    it(`in ${language} at ${viewport} width: turned on in Profile, then a code and a recovery code sign in`, async () => {
      const p = (key: string, values?: Record<string, string | number>) =>
        text(language, 'profile', key, values);
      const c = (key: string) => text(language, 'common', key);
      const start = await newContext(browser, { language, viewport });
      const startPage = await start.newPage();
      await startPage.goto(`${baseURL}/`);
      const email = await signUpWithApi(startPage, {
        name: '한지민',
        password: PASSWORD,
        emailPrefix: 'two-factor',
      });
      await start.close();

      const { context, page, errors } = await openSignedIn(browser, baseURL, {
        language,
        viewport,
        user: { email, password: PASSWORD },
        path: '/app/profile',
      });
      const section = page.getByRole('region', { name: p('twoFactor.title') });
      await section.getByText(p('twoFactor.offText')).waitFor();
      await section.getByRole('button', { name: p('twoFactor.turnOn') }).click();

      const dialog = page.getByRole('dialog', { name: p('twoFactor.setup.title') });
      await dialog.getByLabel(p('fields.currentPassword')).fill(PASSWORD);
      const setupAnswer = page.waitForResponse((response) =>
        response.url().endsWith('/api/profile/two-factor/setup'),
      );
      await dialog.getByRole('button', { name: p('twoFactor.setup.continue') }).click();
      const { secret } = (await (await setupAnswer).json()) as { secret: string };
      await dialog.getByRole('img', { name: c('twoFactor.app.qrAlt') }).waitFor();
      // The key is shown as apps take it typed, in groups of four.
      await dialog.getByText(secret.slice(0, 4) + ' ' + secret.slice(4, 8)).waitFor();
      await noSideways(page);
      await screenshot(page, `two-factor-setup-${language}-${viewport}`, { fullPage: false });

      const first = currentCode(secret);
      rememberSecret(email, secret, first.step);
      await dialog.getByRole('textbox', { name: c('twoFactor.app.code') }).fill(first.code);
      await dialog.getByRole('button', { name: p('twoFactor.setup.submit') }).click();
      const codesDialog = page.getByRole('dialog', { name: c('twoFactor.codes.title') });
      const list = codesDialog.getByRole('list', { name: c('twoFactor.codes.listLabel') });
      await list.getByRole('listitem').nth(9).waitFor();
      const shown = await list.getByRole('listitem').allInnerTexts();
      expect(shown).toHaveLength(10);
      for (const code of shown) expect(code.trim()).toMatch(/^[A-Z2-7]{4}(-[A-Z2-7]{4}){3}$/);
      await noSideways(page);
      await screenshot(page, `two-factor-recovery-codes-${language}-${viewport}`, {
        fullPage: false,
      });
      await codesDialog.getByRole('button', { name: c('twoFactor.codes.done') }).click();
      await section.getByText(p('twoFactor.codesLeft_other', { count: 10 })).waitFor();
      expect(errors).toEqual([]);
      await context.close();

      // Signing in again asks for a code: a wrong one is said on the field, the right one lets in.
      const again = await newContext(browser, { language, viewport });
      const page2 = await again.newPage();
      const step = await passwordStep(page2, language, email);
      await noSideways(page2);
      await screenshot(page2, `two-factor-sign-in-${language}-${viewport}`, { fullPage: false });
      const codeField = step.getByRole('textbox', {
        name: text(language, 'auth', 'secondFactor.code'),
      });
      await codeField.fill('000000');
      await step
        .getByRole('button', { name: text(language, 'auth', 'signIn.submit'), exact: true })
        .click();
      await step.getByText(text(language, 'validation', 'secondFactorWrong')).waitFor();
      await codeField.fill((await nextCode(email, secret)).code);
      await step
        .getByRole('button', { name: text(language, 'auth', 'signIn.submit'), exact: true })
        .click();
      await page2.waitForURL(`${baseURL}/app`);
      await again.close();

      // A recovery code as it was shown, lower case this time: it signs in once.
      const third = await newContext(browser, { language, viewport });
      const page3 = await third.newPage();
      const recoveryStep = await passwordStep(page3, language, email);
      await recoveryStep
        .getByRole('textbox', { name: text(language, 'auth', 'secondFactor.code') })
        .fill(formatRecoveryCode(shown[0]!.trim().replace(/-/g, '')).toLowerCase());
      await recoveryStep
        .getByRole('button', { name: text(language, 'auth', 'signIn.submit'), exact: true })
        .click();
      await page3.waitForURL(`${baseURL}/app`);
      const status = await callApi<{ recoveryCodesLeft: number }>(
        page3,
        'GET',
        '/profile/two-factor',
      );
      expect(status.body.recoveryCodesLeft).toBe(9);
      await third.close();
    });
  }

  it.each([
    ['ko', 'phone'],
    ['en', 'desktop'],
  ] as Array<[Language, keyof typeof viewports]>)(
    'a new agency user sets up the app at their first sign-in (%s, %s)',
    async (language, viewport) => {
      const operator = await openSignedIn(browser, baseURL, {
        language,
        user: DEMO_USERS.operator,
        path: '/app',
      });
      const suffix = Math.random().toString(36).slice(2, 8).toUpperCase();
      const email = `two-factor-agency-${suffix.toLowerCase()}@example.test`;
      const made = await callApi(operator.page, 'POST', '/operator/agencies', {
        code: `TF-${suffix}`,
        name: `Two Factor Partners ${suffix}`,
        bankName: '국민은행',
        bankAccountNumber: '123-456-789012',
        bankAccountHolder: '(주)투팩터',
        user: { name: '윤대행', email, phone: '010-1234-5678', password: PASSWORD },
      });
      expect(made.status).toBe(201);
      await operator.context.close();

      const context = await newContext(browser, { language, viewport });
      const page = await context.newPage();
      const errors = watchErrors(page);
      await page.goto(`${baseURL}/app`);
      const shot = page.waitForResponse((response) =>
        response.url().endsWith('/api/auth/sign-in/two-factor-setup'),
      );
      const dialog = page.getByRole('dialog', { name: text(language, 'auth', 'signIn.title') });
      const field = (key: string) =>
        dialog.getByRole('textbox', { name: text(language, 'auth', `fields.${key}`), exact: true });
      await field('email').fill(email);
      await field('password').fill(PASSWORD);
      await dialog
        .getByRole('button', { name: text(language, 'auth', 'signIn.submit'), exact: true })
        .click();
      const setup = page.getByRole('dialog', {
        name: text(language, 'auth', 'secondFactorSetup.title'),
      });
      await setup.getByText(text(language, 'auth', 'secondFactorSetup.lead')).waitFor();
      await screenshot(page, `two-factor-staff-setup-${language}-${viewport}`, { fullPage: false });
      await setup
        .getByRole('button', { name: text(language, 'auth', 'secondFactorSetup.start') })
        .click();
      const { secret } = (await (await shot).json()) as { secret: string };
      const first = currentCode(secret);
      rememberSecret(email, secret, first.step);
      await setup
        .getByRole('textbox', { name: text(language, 'common', 'twoFactor.app.code') })
        .fill(first.code);
      await noSideways(page);
      await setup
        .getByRole('button', { name: text(language, 'auth', 'secondFactorSetup.submit') })
        .click();
      await page
        .getByRole('button', { name: text(language, 'common', 'twoFactor.codes.done') })
        .click();
      await page.waitForURL(`${baseURL}/app`);
      const me = await callApi<{ user: { role: string } | null }>(page, 'GET', '/auth/me');
      expect(me.body.user?.role).toBe('agency');
      expect(errors).toEqual([]);
      await context.close();
      // The next sign-in asks for a code (signIn gives it from the secret kept above).
      const next = await newContext(browser, { language, viewport });
      const nextPage = await next.newPage();
      await nextPage.goto(`${baseURL}/app`);
      await signIn(nextPage, language, email, PASSWORD);
      await nextPage.waitForURL(`${baseURL}/app`);
      await next.close();
    },
  );
});
