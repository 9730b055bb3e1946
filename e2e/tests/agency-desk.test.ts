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
import { callApi, makeBuy } from '../support/api';
import { text } from '../support/locales';
import { DEMO_USERS, openSignedIn, signIn } from '../support/session';

/**
 * The partner agency's desk in a real browser, in English and in Korean (docs/decisions/022):
 * - the agency's dashboard shows its own figures, and Client Transactions fits at 1280 px, finds
 *   a client by name and opens one of their transactions;
 * - an operator disables an agency with a reason, and its agency user is refused at sign-in.
 * Each screen is photographed at 375 px and 1280 px.
 */
const baseURL = inject('baseURL');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function bothSizes(page: Page, name: string, waitFor: () => Promise<unknown>) {
  await page.setViewportSize(viewports.desktop);
  await waitFor();
  await screenshot(page, `${name}-desktop`);
  await page.setViewportSize(viewports.phone);
  await waitFor();
  await page.waitForFunction(() => {
    const navbar = document.getElementById('app-navbar');
    return !navbar || navbar.getBoundingClientRect().right <= 0;
  });
  await screenshot(page, `${name}-phone`);
  await page.setViewportSize(viewports.desktop);
}

describe.each(['en', 'ko'] as const)('the agency desk in %s', (language: Language) => {
  const t = (namespace: string, key: string, values?: Record<string, string | number>) =>
    text(language, namespace, key, values);

  it('shows the agency its figures, and opens a client transaction found by name', async () => {
    // A request of the Seoul agency's demo client, for the list to show.
    const client = await openSignedIn(browser, baseURL, {
      language,
      user: DEMO_USERS.client,
      path: '/app',
    });
    const buy = await makeBuy(client.page, 17);
    await client.context.close();

    const { context, page, errors } = await openSignedIn(browser, baseURL, {
      language,
      user: DEMO_USERS.agency,
      path: '/app',
    });
    const clients = page.getByRole('region', {
      name: t('dashboard', 'agency.clients.title'),
      exact: true,
    });
    await clients.waitFor();
    const months = page.getByRole('table', { name: t('dashboard', 'agency.months.title') });
    await months.waitFor();
    await expect.poll(() => months.getByRole('row').count()).toBe(13);
    // Not a client's dashboard: no balance.
    await expect(
      page.getByText(t('dashboard', 'position.title'), { exact: true }).count(),
    ).resolves.toBe(0);
    await bothSizes(page, `agency-dashboard-${language}`, () => clients.waitFor());

    await page.goto(`${baseURL}/app/client-transactions`);
    const table = page.getByRole('table', { name: t('transactionList', 'tableLabelAgency') });
    await table.getByText(buy.number).waitFor();
    // At 1280 px the whole row fits: the Status column is not cut off.
    const status = table.getByRole('columnheader', {
      name: t('transactionList', 'columns.status'),
    });
    const box = await status.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(viewports.desktop.width);
    const scrolls = await table.evaluate((element) => {
      const box = element.parentElement!;
      return box.scrollWidth - box.clientWidth;
    });
    expect(scrolls).toBeLessThanOrEqual(0);

    const search = page.getByRole('searchbox', { name: t('transactionList', 'filters.search') });
    await search.fill('홍길동');
    await search.press('Enter');
    await page.waitForURL(/q=/);
    await table.getByText(buy.number).waitFor();
    await bothSizes(page, `agency-client-transactions-${language}`, () =>
      page.getByText(buy.number).first().waitFor(),
    );

    await table
      .getByRole('link', { name: t('transactionList', 'open', { number: buy.number }) })
      .click();
    await page.waitForURL(/\/app\/client-transactions\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByText(buy.number).first().waitFor();
    await bothSizes(page, `agency-client-transaction-detail-${language}`, () =>
      page.getByText(buy.number).first().waitFor(),
    );
    expect(errors).toEqual([]);
    await context.close();
  });

  it('an operator disables an agency with a reason; its user is refused at sign-in', async () => {
    const tag = randomBytes(3).toString('hex').toUpperCase();
    const code = `OFF-${tag}`;
    const email = `e2e-off-${tag.toLowerCase()}-${language}@example.test`;
    const name = `Stopped Partners ${tag}`;
    const password = 'e2e passphrase 1';
    const { context, page, errors } = await openSignedIn(browser, baseURL, {
      language,
      user: DEMO_USERS.operator,
      path: '/app/operator/agencies',
    });
    const made = await callApi(page, 'POST', '/operator/agencies', {
      code,
      name,
      bankName: '국민은행',
      bankAccountNumber: '123-456-789012',
      bankAccountHolder: '(주)중지',
      user: { name: '김중지', email, phone: '010-2222-3333', password },
    });
    expect(made.status).toBe(201);
    await page.reload();
    const agencies = page.getByRole('table', { name: t('agenciesAdmin', 'tableLabel') });
    await agencies.getByText(code).waitFor();
    await page
      .getByRole('button', { name: t('agenciesAdmin', 'actions.disableLabel', { name }) })
      .click();
    const dialog = page.getByRole('dialog', {
      name: t('agenciesAdmin', 'status.disableTitle', { name }),
    });
    await dialog.getByRole('textbox').fill('Contract ended');
    await screenshot(page, `operator-agency-disable-${language}-desktop`);
    await dialog.getByRole('button', { name: t('agenciesAdmin', 'actions.disable') }).click();
    await page.getByText(t('agenciesAdmin', 'status.disabled', { name })).waitFor();
    const row = agencies.getByRole('row').filter({ hasText: code });
    await row.getByText(t('agenciesAdmin', 'statuses.disabled'), { exact: true }).waitFor();
    await bothSizes(page, `operator-agencies-disabled-${language}`, () =>
      page.getByText(code).first().waitFor(),
    );
    expect(errors).toEqual([]);
    await context.close();

    // Its agency user cannot sign in, and is told why in their language.
    const stranger = await newContext(browser, { language });
    const signInPage = await stranger.newPage();
    await signInPage.goto(`${baseURL}/app`);
    await signIn(signInPage, language, email, password);
    await signInPage.getByText(t('errors', 'codes.AGENCY_DISABLED')).waitFor();
    await screenshot(signInPage, `agency-disabled-sign-in-${language}-desktop`);
    await stranger.close();
  });
});
