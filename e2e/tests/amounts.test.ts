import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import {
  launchBrowser,
  newContext,
  screenshot,
  watchErrors,
  type Language,
  type viewports,
} from '../support/browser';
import { callApi } from '../support/api';
import { text } from '../support/locales';
import { DEMO_USERS, signIn } from '../support/session';

/**
 * Amounts, names and phone numbers as people type them (docs/decisions/014), in both languages at
 * phone and desktop widths: "1,000" is taken and sent as 1000, an amount above the merchant's
 * maximum is said before Request with both limits and no won total, and sign-up refuses an emoji
 * name and an incomplete phone number, each with its own words. The demo client (홍길동) buys at
 * Hanbit Wallet, which takes 10 to 50,000 USDT a request.
 */
const baseURL = inject('baseURL');
const CLIENT = DEMO_USERS.client;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const VIEWPORTS = ['phone', 'desktop'] as const satisfies readonly (keyof typeof viewports)[];

/** A won total as the Figure shows it: "1,392,500 KRW" or "1,392,500원". */
const wonTotal = (language: Language) => (language === 'en' ? /^[\d,]+ KRW$/ : /^[\d,]+원$/);

describe.each(['en', 'ko'] as const)('amounts, names and phones in %s', (language: Language) => {
  it.each(VIEWPORTS)(
    'Buy takes "1,000", and warns of an amount over the limit before Request (%s)',
    async (viewport) => {
      const context = await newContext(browser, { language, viewport });
      const page = await context.newPage();
      const errors = watchErrors(page);
      await page.goto(`${baseURL}/app/buy`);
      await signIn(page, language, CLIENT.email, CLIENT.password);
      await page.waitForURL(`${baseURL}/app/buy`);
      const form = page.getByRole('form', { name: text(language, 'buy', 'form.title') });
      // The default account and its merchant are preselected; wait for the rate.
      const heldUntil = text(language, 'transactions', 'quote.validUntil', { time: '\u0000' });
      await form.getByText(heldUntil.split('\u0000')[0]!).first().waitFor();
      const amount = form.getByRole('textbox', { name: text(language, 'buy', 'form.amount') });

      // Over the maximum: said as it is typed, with both limits, and no total is offered.
      await amount.fill('60,000');
      const warning = text(language, 'validation', 'amountAboveMax', {
        min: '10',
        max: '50,000',
        unit: 'USDT',
      });
      await form.getByText(warning, { exact: true }).waitFor();
      expect(await amount.getAttribute('aria-invalid')).toBe('true');
      expect(await form.getByText(wonTotal(language)).count()).toBe(0);
      await screenshot(page, `amounts-buy-over-limit-${language}-${viewport}`);

      // "1,000" as Koreans type it: no warning, a total, and 1000 on the wire.
      await amount.fill('1,000');
      await form.getByText(wonTotal(language)).waitFor();
      expect(await form.getByText(warning, { exact: true }).count()).toBe(0);
      expect(await amount.getAttribute('aria-invalid')).toBeNull();
      await screenshot(page, `amounts-buy-grouped-${language}-${viewport}`);
      const sent = page.waitForRequest(
        (request) => request.method() === 'POST' && request.url().endsWith('/api/transactions/buy'),
      );
      await form
        .getByRole('button', { name: text(language, 'transactions', 'form.request') })
        .click();
      expect((await sent).postDataJSON()).toMatchObject({ amount: '1000' });
      await page.waitForURL(/\/app\/transactions\/[0-9a-f-]{36}$/);
      const id = page.url().split('/').pop()!;
      const { body: detail } = await callApi<{ amount: string }>(
        page,
        'GET',
        `/transactions/${id}`,
      );
      expect(detail.amount).toBe('1000');
      // Nothing is deposited for it: the request is withdrawn, as a person would.
      const cancelled = await callApi(page, 'POST', `/transactions/${id}/cancel`, {});
      expect(cancelled.status).toBe(200);
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it.each(VIEWPORTS)(
    'sign-up refuses an emoji name and an incomplete phone, each in its words (%s)',
    async (viewport) => {
      const context = await newContext(browser, { language, viewport });
      const page = await context.newPage();
      const errors = watchErrors(page);
      const signUps: string[] = [];
      page.on('request', (request) => {
        if (request.url().endsWith('/api/auth/sign-up')) signUps.push(request.url());
      });
      await page.goto(`${baseURL}/?auth=sign-up`);
      const dialog = page.getByRole('dialog', { name: text(language, 'auth', 'signUp.title') });
      await dialog.waitFor();
      const field = (key: string) =>
        dialog.getByRole('textbox', { name: text(language, 'auth', `fields.${key}`), exact: true });
      await field('name').fill('김민준😀');
      await field('email').fill(`amounts-${language}-${viewport}-${Date.now()}@example.com`);
      await field('phone').fill('010-1234');
      await field('password').fill('a long enough password');
      await field('confirmPassword').fill('a long enough password');
      await dialog.getByRole('button', { name: text(language, 'auth', 'signUp.submit') }).click();
      const nameMessage = text(language, 'validation', 'nameCharacters');
      const phoneMessage = text(language, 'validation', 'phoneInvalid');
      await dialog.getByText(nameMessage, { exact: true }).waitFor();
      await dialog.getByText(phoneMessage, { exact: true }).waitFor();
      expect(await field('name').getAttribute('aria-invalid')).toBe('true');
      expect(await field('phone').getAttribute('aria-invalid')).toBe('true');
      await screenshot(page, `amounts-sign-up-errors-${language}-${viewport}`);
      // Refused in the browser: nothing was sent.
      expect(signUps).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    },
  );
});
