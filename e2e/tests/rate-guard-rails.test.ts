import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { groupDigits } from '@portal/contract/decimal';
import { rateChangePercent } from '@portal/contract/rates';
import type { RateList } from '@portal/contract/transactions';
import { launchBrowser, screenshot, type Language, noSideways } from '../support/browser';
import { callApi } from '../support/api';
import { approvalOf, approveAs, approvePendingAs } from '../support/approvals';
import { text } from '../support/locales';
import { DEMO_USERS, openSignedIn } from '../support/session';

/**
 * The operator's rate guard rails in a real browser (docs/decisions/023), in English and Korean,
 * at 1280 and 375 px: a sell rate above the buy rate is said on the sell field while typing and
 * nothing is saved; a change of about 10% asks first with old -> new of both rates and the
 * percent, is saved once confirmed, and the history names who set it and what it replaced.
 */
const baseURL = inject('baseURL');
const ASSET = 'USDT';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function currentRates(page: Page) {
  const list = (await callApi<RateList>(page, 'GET', '/operator/rates')).body;
  const rate = list.current.find((item) => item.asset === ASSET);
  if (!rate) throw new Error(`The demo data has no ${ASSET} rate.`);
  return rate;
}

/** Waits until every open dialog has faded in, so a picture shows it whole. */
async function dialogsShown(page: Page) {
  await page.waitForFunction(() =>
    [...document.querySelectorAll('.mantine-Modal-content')].every(
      (element) => getComputedStyle(element).opacity === '1',
    ),
  );
}

describe.each(['en', 'ko'] as const)('rate guard rails in %s', (language: Language) => {
  const r = (key: string, values?: Record<string, string | number>) =>
    text(language, 'ratesAdmin', key, values);

  it.each(['desktop', 'phone'] as const)(
    'sell above buy is refused on the field; a large change asks first, then is saved (%s)',
    async (viewport) => {
      const { context, page, errors } = await openSignedIn(browser, baseURL, {
        language,
        viewport,
        user: DEMO_USERS.operator,
        path: '/app/operator/rates',
      });
      // A change beyond the deviation waits for a second operator (docs/decisions/017).
      const second = await openSignedIn(browser, baseURL, {
        language,
        user: DEMO_USERS.operator2,
        path: '/app',
      });
      const checker = (await callApi<{ user: { name: string } }>(second.page, 'GET', '/auth/me'))
        .body.user;
      // From the demo's rates, whatever an earlier run left (confirmed, as the API asks).
      const start = await callApi(page, 'POST', '/operator/rates', {
        asset: ASSET,
        buyRateKrw: '1392.50',
        sellRateKrw: '1381.00',
        confirmDeviation: true,
      });
      if (start.status === 202) await approveAs(second.page, approvalOf(start));
      else expect(start.status).toBe(201);
      await page.reload();
      const before = await currentRates(page);

      await page.getByRole('button', { name: r('actions.changeLabel', { asset: ASSET }) }).click();
      const form = page.getByRole('dialog', { name: r('form.titleFor', { asset: ASSET }) });
      await form.waitFor();
      const buyField = form.getByRole('textbox', { name: r('form.buyRate') });
      const sellField = form.getByRole('textbox', { name: r('form.sellRate') });

      // Sell above buy: said on the sell field while typing, before leaving it.
      await buyField.fill('1,380');
      await sellField.fill('1,395');
      const sellAboveBuy = text(language, 'validation', 'rateSellAboveBuy');
      await form.getByText(sellAboveBuy).waitFor();
      expect(await sellField.getAttribute('aria-invalid')).toBe('true');
      await dialogsShown(page);
      await noSideways(page);
      await screenshot(page, `rate-sell-above-buy-${language}-${viewport}`, { fullPage: false });
      await form.getByRole('button', { name: r('form.submit') }).click();
      await form.getByText(sellAboveBuy).waitFor();
      expect((await currentRates(page)).id).toBe(before.id);

      // About 10% up on both sides: more than the deviation, so it asks first.
      const buy = '1532';
      const sell = '1519';
      await buyField.fill(groupDigits(buy));
      await sellField.fill(groupDigits(sell));
      await form.getByRole('button', { name: r('form.submit') }).click();
      const confirm = page.getByRole('dialog', { name: r('confirm.title', { asset: ASSET }) });
      await confirm.waitFor();
      const table = confirm.getByRole('table', { name: r('confirm.tableLabel') });
      const fromTo = (from: string, to: string) =>
        r('fromTo', { from: groupDigits(from), to: groupDigits(to) });
      await table.getByText(fromTo(before.buyRateKrw, buy)).waitFor();
      await table.getByText(fromTo(before.sellRateKrw, sell)).waitFor();
      await table.getByText(`+${rateChangePercent(before.buyRateKrw, buy)}%`).waitFor();
      expect((await currentRates(page)).id).toBe(before.id);
      await dialogsShown(page);
      await noSideways(page);
      await screenshot(page, `rate-change-confirm-${language}-${viewport}`, { fullPage: false });

      await confirm.getByRole('button', { name: r('confirm.submit') }).click();
      // Sent for approval, not set: the rates stay until the second operator approves.
      await page.getByText(text(language, 'common', 'approvals.sent')).waitFor();
      await form.waitFor({ state: 'hidden' });
      expect((await currentRates(page)).id).toBe(before.id);
      await approvePendingAs(second.page, 'rate_change', (action) => action.asset === ASSET);
      await page.reload();
      const after = await currentRates(page);
      expect(after).toMatchObject({
        buyRateKrw: '1532.00',
        sellRateKrw: '1519.00',
        setBy: checker.name,
        previousBuyRateKrw: before.buyRateKrw,
        previousSellRateKrw: before.sellRateKrw,
      });

      // The history names who set it and what it replaced.
      const history = page.getByRole(viewport === 'phone' ? 'list' : 'table', {
        name: r('history.tableLabel'),
      });
      await history
        .getByText(r('history.was', { rate: groupDigits(before.buyRateKrw) }))
        .first()
        .waitFor();
      await history.getByText(checker.name).first().waitFor();
      await noSideways(page);
      await screenshot(page, `rate-history-${language}-${viewport}`);

      // Back to the demo's rates for the next run, confirmed as the API asks.
      const reset = await callApi(page, 'POST', '/operator/rates', {
        asset: ASSET,
        buyRateKrw: before.buyRateKrw,
        sellRateKrw: before.sellRateKrw,
        confirmDeviation: true,
      });
      if (reset.status === 202) await approveAs(second.page, approvalOf(reset));
      else expect(reset.status).toBe(201);
      expect(errors).toEqual([]);
      expect(second.errors).toEqual([]);
      await second.context.close();
      await context.close();
    },
  );
});
