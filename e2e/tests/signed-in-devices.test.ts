import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import {
  launchBrowser,
  newContext,
  noSideways,
  screenshot,
  viewports,
  type Language,
} from '../support/browser';
import { callApi, signUpWithApi } from '../support/api';
import { text } from '../support/locales';
import { openSignedIn } from '../support/session';

/**
 * Signed-in devices on Profile (docs/SECURITY.md "Signed-in devices"): a person signed in on a
 * phone and a computer sees both, and signs the phone out from the computer; in English and
 * Korean at 375 and 1280 px.
 */
const baseURL = inject('baseURL');
const PASSWORD = 'devices long passphrase';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('signed-in devices', () => {
  for (const [language, viewport] of [
    ['en', 'desktop'],
    ['ko', 'phone'],
    ['ko', 'desktop'],
    ['en', 'phone'],
  ] as Array<[Language, keyof typeof viewports]>) {
    it(`in ${language} at ${viewport} width: both devices listed, the phone signed out`, async () => {
      // A new person, signed up from the phone.
      const phone = await newContext(browser, { viewport: 'phone', userAgent: IPHONE });
      const phonePage = await phone.newPage();
      await phonePage.goto(`${baseURL}/`);
      const email = await signUpWithApi(phonePage, {
        name: '이서준',
        password: PASSWORD,
        emailPrefix: 'devices',
      });

      // The computer signs in and opens Profile.
      const { context, page, errors } = await openSignedIn(browser, baseURL, {
        language,
        viewport,
        user: { email, password: PASSWORD },
        path: '/app/profile',
      });
      const section = page.getByRole('region', {
        name: text(language, 'profile', 'devices.title'),
      });
      await section.getByRole('listitem').nth(1).waitFor();
      expect(await section.getByRole('listitem').count()).toBe(2);
      const thisOne = section
        .getByRole('listitem')
        .filter({ hasText: text(language, 'profile', 'devices.thisDevice') });
      expect(await thisOne.count()).toBe(1);
      const phoneName = text(language, 'profile', 'devices.browserOn', {
        browser: 'Safari',
        os: 'iOS',
      });
      await section.scrollIntoViewIfNeeded();
      await noSideways(page);
      await screenshot(page, `signed-in-devices-${language}-${viewport}`, { fullPage: false });

      await section
        .getByRole('button', {
          name: text(language, 'profile', 'devices.signOutDevice', { device: phoneName }),
        })
        .click();
      await page.getByText(text(language, 'profile', 'devices.ended')).waitFor();
      await expect.poll(() => section.getByRole('listitem').count()).toBe(1);

      // The phone is signed out.
      const me = await callApi<{ user: unknown }>(phonePage, 'GET', '/auth/me');
      expect(me.body.user).toBeNull();
      expect(errors).toEqual([]);
      await phone.close();
      await context.close();
    }, 60_000);
  }
});
