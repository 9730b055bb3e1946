import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, screenshot, type Language, noSideways } from '../support/browser';
import { callApi, makeBuy, postBankDeposit } from '../support/api';
import { text } from '../support/locales';
import { DEMO_USERS, openSignedIn } from '../support/session';

/**
 * The operator's workbench, second part (docs/decisions/021), in English and Korean at 1280 and
 * 375 px: a user's page opened from a transaction (identity, payee, transactions, sessions), the
 * deposit queue searched by a won amount typed with commas, ordered and exported, and the
 * dashboard's volume chart with its table.
 */
const baseURL = inject('baseURL');
const CLIENT_NAME = '홍길동';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe.each(['en', 'ko'] as const)(
  'operator user page, deposits and volume in %s',
  (language: Language) => {
    const u = (key: string, values?: Record<string, string | number>) =>
      text(language, 'usersAdmin', key, values);
    const d = (key: string, values?: Record<string, string | number>) =>
      text(language, 'depositsAdmin', key, values);
    const dash = (key: string, values?: Record<string, string | number>) =>
      text(language, 'dashboard', key, values);
    const tr = (key: string, values?: Record<string, string | number>) =>
      text(language, 'transactions', key, values);

    it.each(['desktop', 'phone'] as const)(
      'opens a user, searches and exports deposits, and draws the volume (%s)',
      async (viewport) => {
        // A buy paid in full (so the chart has a day of volume) and a deposit nobody asked for.
        const client = await openSignedIn(browser, baseURL, {
          language,
          viewport,
          user: DEMO_USERS.client,
          path: '/app',
        });
        const paid = await makeBuy(client.page, 19);
        await postBankDeposit(baseURL, { amountKrw: paid.totalKrw, depositorName: CLIENT_NAME });
        // One won short of another buy: it waits in review (docs/decisions/010).
        const open = await makeBuy(client.page, 21);
        const short = String(BigInt(open.totalKrw) - 1n);
        const { bankReference, deposit } = await postBankDeposit(baseURL, {
          amountKrw: short,
          depositorName: CLIENT_NAME,
        });
        expect(deposit.status).toBe('review');
        const me = await callApi<{ user: { id: string; email: string } }>(
          client.page,
          'GET',
          '/auth/me',
        );
        await client.context.close();

        const operator = await openSignedIn(browser, baseURL, {
          language,
          viewport,
          user: DEMO_USERS.operator,
          path: `/app/operator/transactions/${paid.id}`,
        });
        const page = operator.page;

        // The transaction's user opens the user's page.
        await page
          .getByRole('heading', { level: 1, name: tr('detail.title', { number: paid.number }) })
          .waitFor();
        await page.getByRole('link', { name: new RegExp(me.body.user.email) }).click();
        await page.waitForURL(new RegExp(`/app/operator/users/${me.body.user.id}$`));
        await page.getByRole('heading', { level: 2, name: u('page.documents') }).waitFor();
        await page.getByRole('heading', { level: 2, name: u('page.sessions') }).waitFor();
        const recent = page.getByRole('link', { name: paid.number });
        await recent.waitFor();
        expect(await recent.getAttribute('href')).toBe(`/app/operator/transactions/${paid.id}`);
        // No session token or id anywhere on the page.
        expect(await page.content()).not.toMatch(/wb_session|sessionId/);
        await noSideways(page);
        await screenshot(page, `operator-user-page-${language}-${viewport}`);

        // The deposit queue: a won amount typed with commas finds the stray deposit.
        await page.goto(`${baseURL}/app/operator/deposits`);
        const search = page.getByRole('searchbox', { name: d('filters.search') });
        await search.fill(BigInt(short).toLocaleString('en-US'));
        await page.waitForURL(/q=/);
        await page.getByText(bankReference).first().waitFor();
        await page
          .getByText(text(language, 'common', 'waited.underMinute'))
          .first()
          .waitFor();
        await page.getByRole('combobox', { name: d('filters.sort') }).click();
        await page.getByRole('option', { name: d('sort.oldest'), exact: true }).click();
        await page.waitForURL(/sort=oldest/);
        await page.getByText(bankReference).first().waitFor();
        await noSideways(page);
        await screenshot(page, `operator-deposit-queue-${language}-${viewport}`);
        const [download] = await Promise.all([
          page.waitForEvent('download'),
          page.getByRole('button', { name: d('export.csv') }).click(),
        ]);
        expect(download.suggestedFilename()).toMatch(
          language === 'ko'
            ? /^입금내역_\d{4}-\d{2}-\d{2}\.csv$/
            : /^deposits-\d{4}-\d{2}-\d{2}\.csv$/,
        );
        const file = readFileSync((await download.path())!, 'utf8');
        expect(file).toContain(bankReference);
        expect(file.split('\r\n').filter((line) => line.length > 0)).toHaveLength(2);

        // The dashboard's chart, described in words, with its figures one button away.
        await page.goto(`${baseURL}/app`);
        const chart = page.getByRole('img', { name: new RegExp(dash('volume.by.agency')) });
        await chart.waitFor();
        await page.locator('.recharts-bar-rectangle path').first().waitFor();
        await page.getByRole('button', { name: dash('volume.showTable') }).click();
        await page
          .getByRole(viewport === 'desktop' ? 'table' : 'list', {
            name: dash('volume.tableLabel', { grouping: dash('volume.by.agency') }),
          })
          .waitFor();
        await noSideways(page);
        await screenshot(page, `operator-volume-chart-${language}-${viewport}`);
        await page
          .getByRole('radio', { name: dash('volume.by.merchant') })
          .evaluate((input: HTMLInputElement) => input.click());
        await page.getByRole('img', { name: new RegExp(dash('volume.by.merchant')) }).waitFor();
        expect(operator.errors).toEqual([]);
        await operator.context.close();
      },
      180_000,
    );
  },
);
