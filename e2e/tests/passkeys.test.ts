import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
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
import { freePort, startPortal, type RunningPortal } from '../support/portal-server';
import { currentCode } from '../support/two-factor';

/**
 * Passkeys in a real browser (docs/decisions/025), with Chromium's virtual authenticator over the
 * DevTools protocol (a platform authenticator that holds discoverable credentials and verifies
 * its user), in English and Korean at 375 and 1280 px: a client with the app on adds a passkey on
 * Profile, signs out, signs in with the passkey alone, and with the password and the passkey
 * instead of the code. WebAuthn needs a secure context and a host name for its RP id, so this
 * file runs its own portal whose public address is http://localhost:<port>.
 */
const PASSWORD = 'passkey long passphrase';

let browser: Browser;
let portal: RunningPortal;
let baseURL: string;
beforeAll(async () => {
  const port = await freePort();
  baseURL = `http://localhost:${port}`;
  [browser, portal] = await Promise.all([
    launchBrowser(),
    startPortal({ PORT: String(port), PUBLIC_URL: baseURL, TRUST_PROXY: 'loopback' }),
  ]);
}, 90_000);
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

/** A virtual authenticator for the page: as a phone's or laptop's own, with a PIN or biometric. */
async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  const credentials = async () =>
    (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials;
  return { credentials };
}

/** Turns the authenticator app on through the API, as Profile does. */
async function turnOnApp(page: Page) {
  const setup = await callApi<{ secret: string }>(page, 'POST', '/profile/two-factor/setup', {
    currentPassword: PASSWORD,
  });
  expect(setup.status).toBe(200);
  const confirmed = await callApi(page, 'POST', '/profile/two-factor/confirm', {
    code: currentCode(setup.body.secret).code,
    language: 'en',
  });
  expect(confirmed.status).toBe(200);
}

/** Signed out in this browser (its cookies gone), at the sign-in dialog. */
async function signedOut(page: Page, language: Language) {
  await page.context().clearCookies();
  await page.goto(`${baseURL}/app`);
  const dialog = page.getByRole('dialog', { name: text(language, 'auth', 'signIn.title') });
  await dialog.waitFor();
  return dialog;
}

describe('passkeys', () => {
  for (const [language, viewport] of [
    ['en', 'desktop'],
    ['ko', 'phone'],
    ['ko', 'desktop'],
    ['en', 'phone'],
  ] as Array<[Language, keyof typeof viewports]>) {
    it(`in ${language} at ${viewport} width: added on Profile, then sign in alone and after the password`, async () => {
      const p = (key: string, values?: Record<string, string | number>) =>
        text(language, 'profile', key, values);
      const a = (key: string) => text(language, 'auth', key);
      const context = await newContext(browser, { language, viewport });
      const page = await context.newPage();
      const errors = watchErrors(page);
      const authenticator = await addVirtualAuthenticator(page);
      await page.goto(`${baseURL}/`);
      const email = await signUpWithApi(page, {
        name: '한지민',
        password: PASSWORD,
        emailPrefix: 'passkeys',
      });
      await turnOnApp(page);

      await page.goto(`${baseURL}/app/profile`);
      const section = page.getByRole('region', { name: p('passkeys.title') });
      await section.getByText(p('passkeys.none')).waitFor();
      await section.getByRole('button', { name: p('passkeys.add') }).click();
      const dialog = page.getByRole('dialog', { name: p('passkeys.addTitle') });
      await dialog.getByRole('textbox', { name: p('passkeys.name') }).fill('Test laptop');
      await noSideways(page);
      await screenshot(page, `passkeys-add-${language}-${viewport}`, { fullPage: false });
      await dialog.getByRole('button', { name: p('passkeys.addConfirm') }).click();
      await section.getByText('Test laptop').waitFor();
      expect(await authenticator.credentials()).toHaveLength(1);
      await noSideways(page);
      await section.scrollIntoViewIfNeeded();
      await screenshot(page, `passkeys-profile-${language}-${viewport}`, { fullPage: false });

      // Signed out: the passkey alone signs in, no email typed.
      const signIn = await signedOut(page, language);
      await noSideways(page);
      await screenshot(page, `passkeys-sign-in-${language}-${viewport}`, { fullPage: false });
      await signIn.getByRole('button', { name: a('passkey.signIn') }).click();
      await page.waitForURL(`${baseURL}/app`);
      const me = await callApi<{ user: { email: string } | null }>(page, 'GET', '/auth/me');
      expect(me.body.user?.email).toBe(email);

      // The password, then the passkey instead of the code.
      const again = await signedOut(page, language);
      const field = (key: string) =>
        again.getByRole('textbox', { name: a(`fields.${key}`), exact: true });
      await field('email').fill(email);
      await field('password').fill(PASSWORD);
      await again.getByRole('button', { name: a('signIn.submit'), exact: true }).click();
      const step = page.getByRole('dialog', { name: a('secondFactor.title') });
      const instead = step.getByRole('button', { name: a('passkey.instead') });
      await instead.waitFor();
      await noSideways(page);
      await screenshot(page, `passkeys-second-step-${language}-${viewport}`, { fullPage: false });
      await instead.click();
      await page.waitForURL(`${baseURL}/app`);

      // Used twice: Profile says when it was last used.
      await page.goto(`${baseURL}/app/profile`);
      await page
        .getByRole('region', { name: p('passkeys.title') })
        .getByText('Test laptop')
        .waitFor();
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
