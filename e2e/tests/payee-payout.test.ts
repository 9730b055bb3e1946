import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import {
  launchBrowser,
  screenshot,
  viewports,
  type Language,
  noSideways,
} from '../support/browser';
import { callApi } from '../support/api';
import { text } from '../support/locales';
import { DEMO_USERS, openSignedIn } from '../support/session';

/**
 * A seller's won goes to the bank account they registered (docs/decisions/010), in a real
 * browser, in English and Korean, at 1280 and 375 px: the demo client registers a payee on
 * Profile, the Sell screen says where the won goes, the client sells, and the operator sees the
 * payee on the payout, takes it (the merchant debit), then completes it with the reference.
 */
const baseURL = inject('baseURL');
const CLIENT = DEMO_USERS.client;
const OPERATOR = DEMO_USERS.operator;

/** Bank per run (code, English, Korean): each run registers another one. */
const BANKS = {
  'en-desktop': { code: '090', en: 'KakaoBank', ko: '카카오뱅크' },
  'en-phone': { code: '092', en: 'Toss Bank', ko: '토스뱅크' },
  'ko-desktop': { code: '020', en: 'Woori Bank', ko: '우리은행' },
  'ko-phone': { code: '081', en: 'Hana Bank', ko: '하나은행' },
} as const;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const signedIn = (
  language: Language,
  viewport: keyof typeof viewports,
  user: { email: string; password: string },
  path: string,
) => openSignedIn(browser, baseURL, { language, viewport, user, path });

describe.each(['en', 'ko'] as const)('payee and payout in %s', (language: Language) => {
  it.each(['desktop', 'phone'] as const)(
    'the seller registers a payee, sells, and the operator pays it out (%s)',
    async (viewport) => {
      const bank = BANKS[`${language}-${viewport}`];
      const bankName = bank[language];
      const accountNumber = `3333-${String(randomBytes(4).readUInt32BE(0) % 100_000_000).padStart(8, '0')}`;
      const p = (key: string, values?: Record<string, string>) =>
        text(language, 'payee', key, values);

      // Profile: the payout bank account.
      const client = await signedIn(language, viewport, CLIENT, '/app/profile');
      const form = client.page.getByRole('form', { name: p('form.title') });
      await form.waitFor();
      await form.getByRole('textbox', { name: p('form.holder') }).waitFor();
      expect(await form.getByRole('textbox', { name: p('form.holder') }).inputValue()).toBe(
        '홍길동',
      );
      await form.getByRole('combobox', { name: p('form.bank') }).click();
      await client.page.getByRole('option', { name: bankName, exact: true }).click();
      await form.getByRole('textbox', { name: p('form.accountNumber') }).fill(accountNumber);
      await form.getByRole('button', { name: p('form.save') }).click();
      await client.page.getByText(p('form.saved')).first().waitFor();
      await form.scrollIntoViewIfNeeded();
      await screenshot(client.page, `payee-profile-${language}-${viewport}`);
      if (viewport === 'phone') await noSideways(client.page);

      // Sell: says where the won goes, then the request.
      await client.page.goto(`${baseURL}/app/sell`);
      const paidTo = p('notice.paidTo', { bank: bankName, accountNumber, holder: '홍길동' });
      await client.page.getByText(paidTo).waitFor();
      const sell = client.page.getByRole('form', { name: text(language, 'sell', 'form.title') });
      const heldUntil = text(language, 'transactions', 'quote.validUntil', { time: '\u0000' });
      await sell.getByText(heldUntil.split('\u0000')[0]!).first().waitFor();
      await sell
        .getByRole('textbox', { name: text(language, 'sell', 'form.amount') })
        .fill(`10.${String(randomBytes(2).readUInt16BE(0) % 10_000).padStart(4, '0')}7`);
      await screenshot(client.page, `payee-sell-${language}-${viewport}`);
      if (viewport === 'phone') await noSideways(client.page);
      await sell
        .getByRole('button', { name: text(language, 'transactions', 'form.request') })
        .click();
      await client.page.waitForURL(/\/app\/transactions\/[0-9a-f-]{36}$/);
      const id = client.page.url().split('/').pop()!;
      const { body: made } = await callApi<{
        number: string;
        payee: { bankCode: string; accountNumber: string } | null;
      }>(client.page, 'GET', `/transactions/${id}`);
      expect(made.payee).toMatchObject({ bankCode: bank.code, accountNumber });
      await client.page.getByText(text(language, 'transactions', 'payee.title')).waitFor();

      // The operator: the payee on the payout, Take (the merchant debit), then Complete.
      const operator = await signedIn(language, viewport, OPERATOR, '/app/operator/transactions');
      const o = (key: string, values?: Record<string, string>) =>
        text(language, 'operatorTransactions', key, values);
      const act = (action: string) =>
        operator.page.getByRole('button', {
          name: o('actions.label', { action: o(`actions.${action}`), number: made.number }),
        });
      const payee = operator.page.getByRole('group', {
        name: o('payee.label', { number: made.number }),
      });
      await payee.getByText(bankName, { exact: true }).waitFor();
      await payee.getByText(accountNumber, { exact: true }).waitFor();
      await payee.getByText('홍길동', { exact: true }).waitFor();
      await payee.scrollIntoViewIfNeeded();
      await screenshot(operator.page, `payee-operator-queue-${language}-${viewport}`);

      await act('take').click();
      const take = operator.page.getByRole('dialog');
      await take.getByText(accountNumber, { exact: true }).waitFor();
      await screenshot(operator.page, `payee-operator-take-${language}-${viewport}`);
      await take.getByRole('button', { name: o('dialog.take.submit') }).click();
      await operator.page.getByText(o('dialog.take.done', { number: made.number })).waitFor();
      await client.page
        .getByText(text(language, 'transactions', 'status.Pending'), { exact: true })
        .first()
        .waitFor({ timeout: 10_000 });

      await act('completeSell').click();
      const complete = operator.page.getByRole('dialog');
      await complete.getByText(accountNumber, { exact: true }).waitFor();
      await complete
        .getByRole('textbox', { name: o('dialog.payoutReference') })
        .fill(`KB-${randomBytes(4).toString('hex')}`);
      await screenshot(operator.page, `payee-operator-complete-${language}-${viewport}`);
      await complete.getByRole('button', { name: o('dialog.completeSell.submit') }).click();
      await operator.page
        .getByText(o('dialog.completeSell.done', { number: made.number }))
        .waitFor();
      await client.page
        .getByText(text(language, 'transactions', 'status.Completed'), { exact: true })
        .first()
        .waitFor({ timeout: 10_000 });
      await screenshot(client.page, `payee-sell-completed-${language}-${viewport}`);

      expect(client.errors).toEqual([]);
      expect(operator.errors).toEqual([]);
      await operator.context.close();
      await client.context.close();
    },
    90_000,
  );
});
