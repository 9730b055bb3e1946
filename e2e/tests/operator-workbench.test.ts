import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, screenshot, type Language, noSideways } from '../support/browser';
import { makeBuy } from '../support/api';
import { text } from '../support/locales';
import { DEMO_USERS, openSignedIn } from '../support/session';

/**
 * The operator's workbench in a real browser (docs/decisions/021), in English and Korean at 1280
 * and 375 px: the All tab finds a client's fresh buy by its won amount, shows how long it has
 * waited, exports the search as CSV under the reader's file name, keeps its action buttons whole
 * at 1280 px, and its number opens the transaction with its user, history and deposits.
 */
const baseURL = inject('baseURL');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe.each(['en', 'ko'] as const)('operator workbench in %s', (language: Language) => {
  const o = (key: string, values?: Record<string, string | number>) =>
    text(language, 'operatorTransactions', key, values);
  const tr = (key: string, values?: Record<string, string | number>) =>
    text(language, 'transactions', key, values);

  it.each(['desktop', 'phone'] as const)(
    'searches, exports and opens a transaction (%s)',
    async (viewport) => {
      const client = await openSignedIn(browser, baseURL, {
        language,
        viewport,
        user: DEMO_USERS.client,
        path: '/app',
      });
      const buy = await makeBuy(client.page, 17);
      await client.context.close();

      const operator = await openSignedIn(browser, baseURL, {
        language,
        viewport,
        user: DEMO_USERS.operator,
        path: '/app/operator/transactions?queue=all',
      });
      const page = operator.page;
      const search = page.getByRole('searchbox', { name: o('filters.search') });
      await search.fill(BigInt(buy.totalKrw).toLocaleString('en-US'));
      await page.waitForURL(/q=/);
      const link = page.getByRole('link', { name: o('openTransaction', { number: buy.number }) });
      await link.waitFor();
      if (viewport === 'desktop') {
        const table = page.getByRole('table', {
          name: o('tableLabel', { section: o('sections.all') }),
        });
        await table.getByRole('columnheader', { name: o('columns.requestedWaited') }).waitFor();
        // Every action button reads whole: none is cut to "Start p…".
        const cut = await table
          .locator('.mantine-Button-label')
          .evaluateAll(
            (labels) => labels.filter((label) => label.scrollWidth > label.clientWidth + 1).length,
          );
        expect(cut).toBe(0);
        const actions = table.getByRole('button', {
          name: o('actions.label', { action: o('actions.cancel'), number: buy.number }),
        });
        const box = await actions.boundingBox();
        expect(box && box.x + box.width).toBeLessThanOrEqual(1280);
      }
      await page
        .getByText(text(language, 'common', 'waited.underMinute'))
        .first()
        .waitFor();
      await noSideways(page);
      await screenshot(page, `operator-workbench-all-${language}-${viewport}`);

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: o('export.csv') }).click(),
      ]);
      const name = download.suggestedFilename();
      expect(name).toMatch(
        language === 'ko' ? /^전체거래내역_\d{4}-\d{2}-\d{2}\.csv$/ : /^all-transactions-.*\.csv$/,
      );
      const file = readFileSync((await download.path())!, 'utf8');
      expect(file).toContain(buy.number);
      expect(file.split('\r\n').filter((line) => line.length > 0)).toHaveLength(2);

      // The payouts tab is searched across both its sections: a buy's number is in neither.
      await page.getByRole('tab', { name: o('tabs.payouts') }).click();
      const payoutFilters = page.getByRole('region', {
        name: o('filters.label', { queue: o('tabs.payouts') }),
      });
      await payoutFilters.getByRole('searchbox', { name: o('filters.search') }).fill(buy.number);
      await page.waitForURL(/payouts\.q=/);
      await expect.poll(() => page.getByText(o('empty.all')).count(), { timeout: 15_000 }).toBe(2);
      await noSideways(page);
      await screenshot(page, `operator-workbench-payouts-${language}-${viewport}`);
      // The All tab's search is still in the address.
      await page.getByRole('tab', { name: o('tabs.all') }).click();
      await link.waitFor();

      await link.click();
      await page
        .getByRole('heading', { level: 1, name: tr('detail.title', { number: buy.number }) })
        .waitFor();
      await page.getByRole('heading', { level: 2, name: tr('history.title') }).waitFor();
      await page.getByRole('heading', { level: 2, name: tr('linkedDeposits.title') }).waitFor();
      await page.getByText(tr('linkedDeposits.none')).waitFor();
      await page.getByText(tr('detail.user')).waitFor();
      await noSideways(page);
      await screenshot(page, `operator-workbench-detail-${language}-${viewport}`);
      expect(operator.errors).toEqual([]);
      await operator.context.close();
    },
    120_000,
  );
});
