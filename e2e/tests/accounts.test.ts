import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import {
  launchBrowser,
  newContext,
  screenshot,
  watchErrors,
  type Language,
} from '../support/browser';
import { text } from '../support/locales';
import { DEMO_USERS, signIn } from '../support/session';

/**
 * Merchant accounts in a real browser against the built portal, in English and in Korean: the
 * demo client adds the Daehan Pay sandbox account (verify, then submit), renames it, makes it the
 * default and deletes it after the confirmation. The demo seeds that account in the sandbox
 * merchant's books (apps/server/src/demo/merchants.ts), with the Hanbit Wallet one, which the test
 * adds too when it is not saved yet, so that the default has somewhere to move.
 *
 * Deleting an account with an open buy or sell request is refused with its reason: see
 * money.test.ts, which makes such a request first.
 */
const baseURL = inject('baseURL');
const CLIENT = DEMO_USERS.client;
const OPERATOR = DEMO_USERS.operator;
const DAEHAN = { option: 'Daehan Pay (USDT)', number: 'DP-778812', password: 'daehan-demo-1' };
const HANBIT = {
  option: 'Hanbit Wallet (USDT)',
  number: '1002-3344-5566',
  password: 'hanbit-demo-1',
};
const HOLDER = '홍길동';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe.each(['en', 'ko'] as const)('accounts in %s', (language: Language) => {
  const t = (key: string, values?: Record<string, string | number>) =>
    text(language, 'accounts', key, values);

  it('adds, verifies, submits, renames, makes default and deletes an account', async () => {
    const context = await newContext(browser, { language });
    const page = await context.newPage();
    const errors = watchErrors(page);
    const name = language === 'ko' ? '대한 지갑' : 'Daehan wallet';
    const renamed = language === 'ko' ? '대한 생활비' : 'Daehan spending';

    await page.goto(`${baseURL}/app/accounts`);
    await signIn(page, language, CLIENT.email, CLIENT.password);
    await page.waitForURL(`${baseURL}/app/accounts`);
    await page
      .getByRole('heading', { level: 1, name: text(language, 'common', 'nav.accounts') })
      .waitFor();
    const list = page.getByRole('table', { name: t('list.title') });
    const row = (label: string) => list.getByRole('row').filter({ hasText: label });
    const form = page.getByRole('form', { name: t('add.title') });
    const save = page.getByRole('form', { name: t('add.saveLabel') });

    /** Add: merchant, number, password, Verify; then the holder's name shows, and Submit. */
    async function addAccount(account: typeof DAEHAN, displayName?: string) {
      await form.getByRole('combobox', { name: t('fields.merchant') }).click();
      await page.getByRole('option', { name: account.option }).click();
      await form.getByRole('textbox', { name: t('fields.accountNumber') }).fill(account.number);
      await form.getByLabel(t('fields.password')).fill(account.password);
      await form.getByRole('button', { name: t('add.verify') }).click();
      const verified = page.getByRole('status').filter({ hasText: t('add.verifiedTitle') });
      await verified.getByText(HOLDER, { exact: true }).waitFor();
      await verified.getByText(account.number, { exact: true }).waitFor();
      const display = save.getByRole('textbox', { name: t('fields.name') });
      expect(await display.inputValue()).toBe(HOLDER);
      if (displayName) {
        await screenshot(page, `accounts-verified-${language}`);
        await display.fill(displayName);
      }
      await save.getByRole('button', { name: t('add.submit') }).click();
      await page.getByText(t('add.saved', { name: displayName ?? HOLDER })).waitFor();
      await expect.poll(() => save.count()).toBe(0);
      expect(
        await form.getByRole('textbox', { name: t('fields.accountNumber') }).inputValue(),
      ).toBe('');
      await row(account.number).waitFor();
    }

    await addAccount(DAEHAN, name);
    // A second account to move the default between (kept from an earlier run if there is one).
    if ((await row(HANBIT.number).count()) === 0) await addAccount(HANBIT);
    await row(name).waitFor();

    // Rename.
    await page.getByRole('button', { name: t('list.renameLabel', { name }) }).click();
    const rename = page.getByRole('dialog', { name: t('rename.title') });
    await rename.getByRole('textbox', { name: t('fields.name') }).fill(renamed);
    await rename.getByRole('button', { name: t('rename.submit') }).click();
    await page.getByText(t('rename.done', { name: renamed })).waitFor();
    await row(renamed).waitFor();

    // Make default: the badge moves to it (from Hanbit, made the default first if need be).
    const badge = (label: string) => row(label).getByText(t('list.default'), { exact: true });
    if ((await badge(renamed).count()) > 0) {
      await row(HANBIT.number).getByText(t('list.makeDefault'), { exact: true }).click();
      await badge(HANBIT.number).waitFor();
    }
    await page.getByRole('button', { name: t('list.makeDefaultLabel', { name: renamed }) }).click();
    await page.getByText(t('list.defaultDone', { name: renamed })).waitFor();
    await badge(renamed).waitFor();
    await expect.poll(() => badge(HANBIT.number).count()).toBe(0);
    expect(await row(renamed).getByText(t('list.makeDefault'), { exact: true }).count()).toBe(0);
    await screenshot(page, `accounts-list-${language}`);

    // Delete, after its confirmation question.
    await page.getByRole('button', { name: t('list.deleteLabel', { name: renamed }) }).click();
    const question =
      language === 'en' ? 'Would you like to delete this account?' : '이 계정을 삭제하시겠습니까?';
    expect(t('delete.title')).toBe(question);
    const confirm = page.getByRole('dialog', { name: question });
    await confirm.waitFor();
    // The toast of the default just made, if still up, waits behind the dialog: under its
    // overlay, never over its buttons (docs/decisions/015-korean-polish.md).
    const toast = page.getByText(t('list.defaultDone', { name: renamed }));
    if (await toast.isVisible()) {
      const [toastLayer, dialogLayer] = await Promise.all([
        toast.evaluate((el) => Number(getComputedStyle(el.closest('[data-position]')!).zIndex)),
        confirm.evaluate((el) =>
          Number(
            getComputedStyle(el.closest('[style*="--mb-z-index"]')!).getPropertyValue(
              '--mb-z-index',
            ),
          ),
        ),
      ]);
      expect(toastLayer).toBeLessThan(dialogLayer);
    }
    await page.waitForTimeout(300); // the dialog's entrance transition, for the picture
    await screenshot(page, `accounts-delete-dialog-${language}`, { fullPage: false });
    await confirm.getByRole('button', { name: t('delete.confirm') }).click();
    await page.getByText(t('list.deleted', { name: renamed })).waitFor();
    await expect.poll(() => row(renamed).count()).toBe(0);
    // The remaining account is the default again.
    await badge(HANBIT.number).waitFor();

    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the operator the merchants, and keeps a client out', async () => {
    const context = await newContext(browser, { language });
    const page = await context.newPage();
    await page.goto(`${baseURL}/app/operator/merchants`);
    await signIn(page, language, OPERATOR.email, OPERATOR.password);
    await page.waitForURL(`${baseURL}/app/operator/merchants`);
    await page
      .getByRole('heading', { level: 1, name: text(language, 'common', 'nav.merchantsAdmin') })
      .waitFor();
    const table = page.getByRole('table', { name: text(language, 'merchantsAdmin', 'tableLabel') });
    for (const code of ['HANBIT', 'DAEHAN', 'OLDWAVE']) {
      await table.getByRole('row').filter({ hasText: code }).waitFor();
    }
    await screenshot(page, `merchants-admin-${language}`);
    await page
      .getByRole('button', { name: text(language, 'common', 'nav.logout'), exact: true })
      .click();
    await page.waitForURL(`${baseURL}/`);

    await page.goto(`${baseURL}/app/operator/merchants`);
    await signIn(page, language, CLIENT.email, CLIENT.password);
    await page.waitForURL(`${baseURL}/app/operator/merchants`);
    await page
      .getByRole('heading', { level: 1, name: text(language, 'errors', 'notFound.title') })
      .waitFor();
    await context.close();
  });
});
