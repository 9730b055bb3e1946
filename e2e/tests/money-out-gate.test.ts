import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import {
  launchBrowser,
  noSideways,
  screenshot,
  viewports,
  type Language,
} from '../support/browser';
import { text } from '../support/locales';
import { openSignedIn } from '../support/session';

/**
 * Money out waits for two-factor sign-in (docs/decisions/026), in English and Korean at 375 and
 * 1280 px: a demo client without it (README "Demo sign-ins": only the demo client has a key) is
 * told so on Sell and on the payout-account form before typing anything, with a link to Profile's
 * two-factor card, and neither can be sent.
 */
const baseURL = inject('baseURL');
const WITHOUT_TWO_FACTOR = { email: 'minjun.kim@wonbridge.example', password: 'Client#2026!' };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('money out before two-factor is on', () => {
  for (const [language, viewport] of [
    ['en', 'desktop'],
    ['ko', 'phone'],
    ['ko', 'desktop'],
    ['en', 'phone'],
  ] as Array<[Language, keyof typeof viewports]>) {
    it(`in ${language} at ${viewport} width: Sell and the payout account say why and wait`, async () => {
      const c = (key: string) => text(language, 'common', key);
      const { context, page, errors } = await openSignedIn(browser, baseURL, {
        language,
        viewport,
        user: WITHOUT_TWO_FACTOR,
        path: '/app/sell',
      });
      const sellNotice = page.getByRole('alert').filter({ hasText: c('twoFactorRequired.title') });
      await sellNotice.waitFor();
      const link = sellNotice.getByRole('link', { name: c('twoFactorRequired.link') });
      expect(await link.getAttribute('href')).toBe('/app/profile#two-factor');
      const sell = page.getByRole('form', { name: text(language, 'sell', 'form.title') });
      expect(
        await sell
          .getByRole('button', { name: text(language, 'transactions', 'form.request') })
          .isDisabled(),
      ).toBe(true);
      if (viewport === 'phone') await noSideways(page);
      await screenshot(page, `money-out-gate-sell-${language}-${viewport}`, { fullPage: false });

      // The link leads to Profile, where the payout account waits too.
      await link.click();
      await page.waitForURL(`${baseURL}/app/profile#two-factor`);
      const payee = page.getByRole('form', { name: text(language, 'payee', 'form.title') });
      await payee.getByText(c('twoFactorRequired.title')).waitFor();
      expect(
        await payee
          .getByRole('textbox', { name: text(language, 'payee', 'form.accountNumber') })
          .isDisabled(),
      ).toBe(true);
      await payee.scrollIntoViewIfNeeded();
      if (viewport === 'phone') await noSideways(page);
      await screenshot(page, `money-out-gate-payee-${language}-${viewport}`, { fullPage: false });
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
