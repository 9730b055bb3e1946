import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import {
  launchBrowser,
  noSideways,
  screenshot,
  viewports,
  type Language,
} from '../support/browser';
import { text } from '../support/locales';
import { startPortal, type RunningPortal } from '../support/portal-server';
import { DEMO_USERS, openSignedIn } from '../support/session';
import { nextCode, secretOf } from '../support/two-factor';

/**
 * Step-up in a real browser (docs/SECURITY.md "Two-factor sign-in", docs/decisions/026), in
 * English and Korean at 375 and 1280 px: the demo client (two-factor on) signs in, the step-up
 * window passes (its own portal, with STEP_UP_SECONDS=3), and changing the payout account asks for
 * a code in the one step-up dialog; the code sends the same change again, and it is saved.
 */
let browser: Browser;
let portal: RunningPortal;
beforeAll(async () => {
  // One after the other, so that a browser that does not start leaves no portal running.
  browser = await launchBrowser();
  portal = await startPortal({ DEMO_DATA: 'true', STEP_UP_SECONDS: '3', TRUST_PROXY: 'loopback' });
}, 90_000);
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

const CLIENT = DEMO_USERS.client;

/** Bank per run (code, English, Korean): each run changes the account to another one. */
const BANKS = {
  'en-desktop': { code: '090', en: 'KakaoBank', ko: '카카오뱅크' },
  'ko-phone': { code: '081', en: 'Hana Bank', ko: '하나은행' },
  'ko-desktop': { code: '020', en: 'Woori Bank', ko: '우리은행' },
  'en-phone': { code: '092', en: 'Toss Bank', ko: '토스뱅크' },
} as const;

describe('step-up', () => {
  for (const [language, viewport] of [
    ['en', 'desktop'],
    ['ko', 'phone'],
    ['ko', 'desktop'],
    ['en', 'phone'],
  ] as Array<[Language, keyof typeof viewports]>) {
    it(`in ${language} at ${viewport} width: past the window, the payout account asks for a code, then is saved`, async () => {
      const p = (key: string) => text(language, 'payee', key);
      const bank = BANKS[`${language}-${viewport}`];
      const accountNumber = `3333-${String(randomBytes(4).readUInt32BE(0) % 100_000_000).padStart(8, '0')}`;
      const { context, page, errors } = await openSignedIn(browser, portal.baseURL, {
        language,
        viewport,
        user: CLIENT,
        path: '/app/profile',
      });
      const form = page.getByRole('form', { name: p('form.title') });
      await form.getByRole('textbox', { name: p('form.holder') }).waitFor();
      // Past the step-up window (3 s here, five minutes by default).
      await page.waitForTimeout(4000);

      await form.getByRole('combobox', { name: p('form.bank') }).click();
      await page.getByRole('option', { name: bank[language], exact: true }).click();
      await form.getByRole('textbox', { name: p('form.accountNumber') }).fill(accountNumber);
      const saves: number[] = [];
      page.on('response', (response) => {
        if (response.url().endsWith('/api/payee') && response.request().method() === 'PUT') {
          saves.push(response.status());
        }
      });
      await form.getByRole('button', { name: p('form.save') }).click();

      const dialog = page.getByRole('dialog', {
        name: text(language, 'common', 'twoFactor.stepUp.title'),
      });
      await dialog.waitFor();
      await dialog.getByText(text(language, 'common', 'twoFactor.stepUp.lead')).waitFor();
      if (viewport === 'phone') await noSideways(page);
      await screenshot(page, `step-up-dialog-${language}-${viewport}`, { fullPage: false });

      const { code } = await nextCode(CLIENT.email, secretOf(CLIENT.email)!);
      await dialog
        .getByRole('textbox', { name: text(language, 'common', 'twoFactor.stepUp.code') })
        .fill(code);
      await dialog
        .getByRole('button', { name: text(language, 'common', 'twoFactor.stepUp.confirm') })
        .click();
      await page.getByText(p('form.saved')).first().waitFor();
      await dialog.waitFor({ state: 'detached' });
      // Refused once for the stale proof, then the same change sent again and saved.
      expect(saves).toEqual([403, 200]);
      expect(await form.getByRole('textbox', { name: p('form.accountNumber') }).inputValue()).toBe(
        accountNumber,
      );
      await form.scrollIntoViewIfNeeded();
      await screenshot(page, `step-up-saved-${language}-${viewport}`, { fullPage: false });
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
