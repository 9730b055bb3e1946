import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import {
  launchBrowser,
  newContext,
  screenshot,
  watchErrors,
  viewports,
  type Language,
} from '../support/browser';
import { text } from '../support/locales';
import { nameTag } from '../support/names';
import { DEMO_USERS, signIn } from '../support/session';

/**
 * A newcomer's first account (docs/decisions/011): sign up through the header, open a sandbox
 * account at the demo's Hanbit Wallet from the Accounts screen, link it the normal way (Verify,
 * Submit) and see its starting balance on the Sell screen; then the operator finds it among the
 * merchant's sandbox accounts, tops it up and closes it. In both languages, on a desktop and a
 * phone.
 */
const baseURL = inject('baseURL');
const HANBIT_OPTION = 'Hanbit Wallet (USDT)';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe.each(['en', 'ko'] as const)('sandbox accounts in %s', (language: Language) => {
  const t = (key: string, values?: Record<string, string | number>) =>
    text(language, 'accounts', key, values);

  it.each(Object.keys(viewports) as (keyof typeof viewports)[])(
    'a new user opens, links and sees a sandbox account (%s)',
    async (viewport) => {
      const context = await newContext(browser, { language, viewport });
      const page = await context.newPage();
      const errors = watchErrors(page);
      const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
      const email = `sandbox-${language}-${viewport}-${stamp}@example.com`;
      const tag = nameTag(stamp.slice(-4), language);
      const name = language === 'ko' ? `박시험${tag}` : `Test Park ${tag}`;
      const password = 'a long enough password';
      const shot = (step: string) => screenshot(page, `sandbox-${step}-${language}-${viewport}`);

      // Sign up through the header.
      await page.goto(`${baseURL}/?auth=sign-up`);
      const signUp = page.getByRole('dialog', { name: text(language, 'auth', 'signUp.title') });
      await signUp.waitFor();
      const field = (key: string) =>
        signUp.getByRole('textbox', { name: text(language, 'auth', `fields.${key}`), exact: true });
      await field('name').fill(name);
      await field('email').fill(email);
      await field('phone').fill('010-2345-6789');
      await field('password').fill(password);
      await field('confirmPassword').fill(password);
      await signUp.getByRole('button', { name: text(language, 'auth', 'signUp.submit') }).click();
      await page.waitForURL(`${baseURL}/app`);

      // Open a sandbox account.
      await page.goto(`${baseURL}/app/accounts`);
      await page
        .getByRole('heading', { level: 1, name: text(language, 'common', 'nav.accounts') })
        .waitFor();
      await page.getByRole('button', { name: t('sandbox.button') }).click();
      const dialog = page.getByRole('dialog', { name: t('sandbox.title') });
      await dialog.getByRole('combobox', { name: t('fields.merchant') }).click();
      await page.getByRole('option', { name: HANBIT_OPTION }).click();
      await dialog.getByRole('button', { name: t('sandbox.open') }).click();
      await dialog.getByText(t('sandbox.passwordOnce')).waitFor();
      const codes = dialog.locator('code');
      await expect.poll(() => codes.count()).toBe(2);
      const accountNumber = (await codes.nth(0).textContent()) ?? '';
      expect(accountNumber).toMatch(/^SBX-\d{4}-\d{4}$/);
      expect((await codes.nth(1).textContent()) ?? '').toMatch(/^[A-Za-z2-9]{12}$/);
      await dialog.getByText(/1,000 USDT/).waitFor();
      await shot('opened');

      // Link it the normal way: the form is filled; Verify, then Submit.
      await dialog.getByRole('button', { name: t('sandbox.link') }).click();
      await expect.poll(() => dialog.count()).toBe(0);
      const form = page.getByRole('form', { name: t('add.title') });
      expect(
        await form.getByRole('textbox', { name: t('fields.accountNumber') }).inputValue(),
      ).toBe(accountNumber);
      await form.getByRole('button', { name: t('add.verify') }).click();
      const verified = page.getByRole('status').filter({ hasText: t('add.verifiedTitle') });
      await verified.getByText(name, { exact: true }).waitFor();
      await shot('verified');
      const save = page.getByRole('form', { name: t('add.saveLabel') });
      await save.getByRole('button', { name: t('add.submit') }).click();
      await page.getByText(t('add.saved', { name })).waitFor();
      await page.getByText(accountNumber).first().waitFor();
      await shot('linked');

      // Its balance, read from the sandbox merchant, on the Sell screen.
      await page.goto(`${baseURL}/app/sell`);
      const position = page.getByRole('region', { name: text(language, 'sell', 'position.title') });
      await position.getByText(/1,000/).first().waitFor();
      await shot('sell');

      expect(errors).toEqual([]);
      await context.close();

      // The operator: Merchants -> Hanbit Wallet's accounts -> Top up, then Close.
      const m = (key: string, values?: Record<string, string | number>) =>
        text(language, 'merchantsAdmin', key, values);
      const operatorContext = await newContext(browser, { language, viewport });
      const operator = await operatorContext.newPage();
      const operatorErrors = watchErrors(operator);
      await operator.goto(`${baseURL}/app/operator/merchants`);
      await signIn(operator, language, DEMO_USERS.operator.email, DEMO_USERS.operator.password);
      await operator
        .getByRole('button', { name: m('actions.sandboxAccountsLabel', { name: 'Hanbit Wallet' }) })
        .click();
      const book = operator.getByRole('dialog', {
        name: m('sandboxAccounts.title', { name: 'Hanbit Wallet' }),
      });
      await book.getByText(accountNumber, { exact: true }).waitFor();
      await book
        .getByRole('button', { name: m('sandboxAccounts.topUpLabel', { number: accountNumber }) })
        .click();
      const topUp = operator.getByRole('dialog', {
        name: m('sandboxAccounts.topUpTitle', { number: accountNumber }),
      });
      await topUp.getByRole('textbox').fill('25.5');
      // Past the dialog's opening transition, so the picture shows it as people see it.
      await operator.waitForTimeout(400);
      await screenshot(operator, `sandbox-operator-top-up-${language}-${viewport}`);
      await topUp.getByRole('button', { name: m('sandboxAccounts.topUp') }).click();
      await operator
        .getByText(
          m('sandboxAccounts.toppedUp', { number: accountNumber, balance: '1,025.5 USDT' }),
        )
        .waitFor();
      await book
        .getByRole('button', { name: m('sandboxAccounts.closeLabel', { number: accountNumber }) })
        .click();
      const confirm = operator.getByRole('dialog', {
        name: m('sandboxAccounts.closeTitle', { number: accountNumber }),
      });
      await confirm.getByRole('button', { name: m('sandboxAccounts.close') }).click();
      await operator.getByText(m('sandboxAccounts.closed', { number: accountNumber })).waitFor();
      await expect.poll(() => confirm.count()).toBe(0);
      await book
        .getByRole('listitem')
        .filter({ hasText: accountNumber })
        .getByText(m('sandboxAccounts.statusClosed'), { exact: true })
        .waitFor();
      await operator.waitForTimeout(400);
      await screenshot(operator, `sandbox-operator-accounts-${language}-${viewport}`);
      expect(operatorErrors).toEqual([]);
      await operatorContext.close();
    },
  );
});
