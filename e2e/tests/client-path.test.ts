import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  launchBrowser,
  newContext,
  screenshot,
  viewports,
  type Language,
} from '../support/browser';
import { makeBuy, postBankDeposit } from '../support/api';
import { text } from '../support/locales';
import { DEMO_USERS, openSignedIn, signIn } from '../support/session';

/**
 * The client's path where it used to let a Korean client down (docs/decisions/016), in English
 * and Korean at 375 and 1280 px:
 * - Logout forgets: Back and Home show nobody's data; a Logout in one tab signs out the others;
 * - a session that ends under the Buy form: the sign-in dialog says so, and the amount typed
 *   comes back after signing in again;
 * - each form error says its own thing (an email taken, an agency code nobody has, a wrong
 *   current password);
 * - the cancel dialog says "Go back" / "Cancel request"; a delayed buy shows what was received.
 */
const baseURL = inject('baseURL');
const CLIENT = DEMO_USERS.client;
const CLIENT_NAME = '홍길동';
type Viewport = keyof typeof viewports;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

function signedIn(language: Language, viewport: Viewport, path: string) {
  return openSignedIn(browser, baseURL, { language, viewport, user: CLIENT, path });
}

async function logout(page: Page, language: Language, viewport: Viewport) {
  if (viewport === 'phone') {
    await page.getByRole('button', { name: text(language, 'common', 'actions.openMenu') }).click();
  }
  await page
    .getByRole('button', { name: text(language, 'common', 'nav.logout'), exact: true })
    .click();
  await page.waitForURL(`${baseURL}/`);
}

/** Nothing of the signed-in client is on the page: their name, their greeting, the dashboard link. */
async function showsNobody(page: Page, language: Language) {
  await page
    .getByRole('link', { name: text(language, 'common', 'actions.goToDashboard') })
    .first()
    .waitFor({ state: 'detached' });
  // The toasts of the session (the sign-in's "Welcome back, …") are gone too, once they have
  // faded out.
  await expect
    .poll(() => page.locator('body').innerText(), { timeout: 3000 })
    .not.toContain(CLIENT_NAME);
}

const cases = (['en', 'ko'] as const).flatMap((language) =>
  (['desktop', 'phone'] as const).map((viewport) => [language, viewport] as const),
);

describe.each(cases)('the client’s path in %s on %s', (language, viewport) => {
  const shot = (name: string) => `client-path-${name}-${language}-${viewport}`;

  it('Logout forgets: Home and Back show nobody', async () => {
    const { context, page, errors } = await signedIn(language, viewport, '/app');
    await page.getByText(text(language, 'dashboard', 'greeting', { name: CLIENT_NAME })).waitFor();
    await logout(page, language, viewport);
    await page.getByText(text(language, 'auth', 'signOut.success')).waitFor();
    await showsNobody(page, language);
    // On a phone the header's Sign in is behind the menu button.
    if (viewport === 'desktop') {
      await page
        .getByRole('banner')
        .getByRole('link', { name: text(language, 'common', 'actions.signIn') })
        .first()
        .waitFor();
    }
    await screenshot(page, shot('signed-out'));

    // Back to the dashboard shows nothing of the last user.
    await page.goBack();
    // The guard asks to sign in. Polled, so a failure says where the tab went instead.
    await expect
      .poll(() => page.url(), { timeout: 15_000 })
      .toBe(`${baseURL}/?auth=sign-in&next=%2Fapp`);
    await page.getByRole('dialog', { name: text(language, 'auth', 'signIn.title') }).waitFor();
    expect(await page.locator('body').innerText()).not.toContain(CLIENT_NAME);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a Logout in one tab signs the other tabs out', async () => {
    const { context, page: first } = await signedIn(language, viewport, '/app');
    const second = await context.newPage();
    await second.goto(`${baseURL}/app/transactions`);
    await second
      .getByRole('heading', { level: 1, name: text(language, 'common', 'nav.transactions') })
      .waitFor();
    const home = await context.newPage();
    await home.goto(baseURL);
    await home
      .getByRole('link', { name: text(language, 'common', 'actions.goToDashboard') })
      .first()
      .waitFor();

    await logout(first, language, viewport);
    // The tab on My Transactions leaves for Home and says why.
    await second.waitForURL(`${baseURL}/`);
    await second.getByText(text(language, 'auth', 'signOut.elsewhere')).waitFor();
    await showsNobody(second, language);
    await second.getByRole('heading', { level: 1 }).waitFor();
    await screenshot(second, shot('signed-out-elsewhere'));
    // The tab on Home no longer offers the dashboard.
    await showsNobody(home, language);
    await context.close();
  });

  it('a session that ends under Buy: sign-in says so and gives the amount back', async () => {
    const { context, page } = await signedIn(language, viewport, '/app/buy');
    const amount = page.getByRole('textbox', {
      name: new RegExp(text(language, 'buy', 'form.amount')),
    });
    await amount.fill('12.5');
    // The session ends on the server's side (here: its cookie is gone).
    await context.clearCookies();
    // The next call finds no session: Request, or a refresh the screen makes first.
    await page
      .getByRole('button', { name: text(language, 'transactions', 'form.request') })
      .click({ timeout: 5000 })
      .catch(() => {});
    await page.waitForURL(/\?auth=sign-in&next=%2Fapp%2Fbuy&session=ended$/);
    const dialog = page.getByRole('dialog', { name: text(language, 'auth', 'signIn.title') });
    await dialog.getByText(text(language, 'auth', 'signIn.sessionEnded')).waitFor();
    await expect
      .poll(() => page.locator('body').innerText(), { timeout: 3000 })
      .not.toContain(CLIENT_NAME);
    await screenshot(page, shot('session-ended'));

    await signIn(page, language, CLIENT.email, CLIENT.password);
    await page.waitForURL(`${baseURL}/app/buy`);
    await expect.poll(() => amount.inputValue()).toBe('12.5');
    await context.close();
  });

  it('each form error says its own thing', async () => {
    const context = await newContext(browser, { language, viewport });
    const page = await context.newPage();
    await page.goto(`${baseURL}/?auth=sign-up`);
    const dialog = page.getByRole('dialog', { name: text(language, 'auth', 'signUp.title') });
    const field = (key: string) =>
      dialog.getByRole('textbox', { name: text(language, 'auth', `fields.${key}`), exact: true });
    await field('name').fill('김민준');
    await field('email').fill(CLIENT.email);
    await field('phone').fill('010-2345-6789');
    await field('password').fill('a long enough password');
    await field('confirmPassword').fill('a long enough password');
    const submit = dialog.getByRole('button', { name: text(language, 'auth', 'signUp.submit') });
    await submit.click();
    await dialog.getByText(text(language, 'errors', 'codes.EMAIL_TAKEN')).waitFor();
    await screenshot(page, shot('email-taken'));

    await field('email').fill(`client-path-${randomBytes(4).toString('hex')}@example.com`);
    await field('agencyCode').fill('NOPE-99');
    await submit.click();
    await dialog.getByText(text(language, 'errors', 'codes.AGENCY_CODE_UNKNOWN')).waitFor();
    expect(await dialog.innerText()).not.toContain(text(language, 'validation', 'invalid'));
    await context.close();

    const { context: signedInContext, page: profile } = await signedIn(
      language,
      viewport,
      '/app/profile',
    );
    const form = profile.getByRole('region', {
      name: text(language, 'profile', 'password.title'),
    });
    const password = (key: string) =>
      form.getByRole('textbox', { name: text(language, 'profile', `fields.${key}`), exact: true });
    await password('currentPassword').fill('not my password at all');
    await password('password').fill('another long password');
    await password('confirmPassword').fill('another long password');
    await form.getByRole('button', { name: text(language, 'profile', 'password.save') }).click();
    await form.getByText(text(language, 'errors', 'codes.CURRENT_PASSWORD_WRONG')).waitFor();
    await screenshot(profile, shot('current-password-wrong'));
    await signedInContext.close();
  });

  it('the cancel dialog says what each button does; a delayed buy shows what was received', async () => {
    const { context, page } = await signedIn(language, viewport, '/app');
    const open = await makeBuy(page);
    await page.goto(`${baseURL}/app/transactions/${open.id}`);
    await page
      .getByRole('button', { name: text(language, 'transactions', 'cancel.button') })
      .click();
    const ask = page.getByRole('dialog', { name: text(language, 'transactions', 'cancel.title') });
    await ask
      .getByRole('button', { name: text(language, 'transactions', 'cancel.keep') })
      .waitFor();
    await ask
      .getByRole('button', { name: text(language, 'transactions', 'cancel.confirm') })
      .waitFor();
    // The dialog's entrance transition, so the picture shows it as a person sees it.
    await page.waitForTimeout(400);
    await screenshot(page, shot('cancel-dialog'));
    await ask.getByRole('button', { name: text(language, 'transactions', 'cancel.keep') }).click();
    await ask.waitFor({ state: 'detached' });

    // One won short: the buy waits for a person, and says what arrived and what comes next.
    const short = String(BigInt(open.totalKrw) - 1n);
    await postBankDeposit(baseURL, { amountKrw: short, depositorName: CLIENT_NAME });
    await page.reload();
    const delay = page.getByRole('alert').filter({
      hasText: text(language, 'transactions', 'delay.title'),
    });
    await delay.getByText(text(language, 'transactions', 'delay.next.amount_differs')).waitFor();
    const grouped = BigInt(short).toLocaleString('en');
    expect(await delay.innerText()).toContain(grouped);
    await screenshot(page, shot('delayed-buy'));
    await context.close();
  });
});
