import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  launchBrowser,
  screenshot,
  viewports,
  type Language,
  noSideways,
} from '../support/browser';
import { makeBuy, postBankDeposit } from '../support/api';
import { approvePendingAs } from '../support/approvals';
import { text, translation } from '../support/locales';
import { DEMO_USERS, openSignedIn } from '../support/session';

/**
 * The operator's deposit decisions in a real browser (docs/decisions/010), in English and Korean,
 * at 1280 and 375 px:
 * - a deposit one won short waits for review; the operator opens it, sees the buy it could pay,
 *   accepts the difference and matches it; the client sees the buy Completed at the deposited
 *   amount, beside what was asked for;
 * - the right amount in another person's name waits for review; the operator refunds it, the
 *   client sees it is to be returned, the operator records the bank's refund, and the client sees
 *   the day it was returned.
 */
const baseURL = inject('baseURL');
const CLIENT = DEMO_USERS.client;
const OPERATOR = DEMO_USERS.operator;
const REGISTERED_NAME = '홍길동';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

function signedIn(
  language: Language,
  viewport: keyof typeof viewports,
  user: { email: string; password: string },
  path: string,
) {
  return openSignedIn(browser, baseURL, { language, viewport, user, path });
}

const grouped = (value: string, language: Language) => BigInt(value).toLocaleString(language);

/** A translation as a pattern: the values given filled in, any other placeholder any text. */
function pattern(language: Language, key: string, values: Record<string, string> = {}): RegExp {
  const escaped = translation(language, 'transactions', key).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(
    escaped.replace(/\\\{\\\{(\w+)\\\}\\\}/g, (_, name: string) =>
      values[name] !== undefined ? values[name].replace(/[.*+?^${}()|[\]\\]/g, '\\$&') : '.+',
    ),
  );
}

async function openDeposit(page: Page, language: Language, status: string, reference: string) {
  const d = (key: string, values?: Record<string, string>) =>
    text(language, 'depositsAdmin', key, values);
  await page.goto(`${baseURL}/app/operator/deposits?status=${status}`);
  await page.getByRole('button', { name: d('actions.decideLabel', { reference }) }).click();
  const dialog = page.getByRole('dialog', { name: d('decide.title', { reference }) });
  await dialog.waitFor();
  return dialog;
}

describe.each(['en', 'ko'] as const)('deposit review in %s', (language: Language) => {
  const d = (key: string, values?: Record<string, string>) =>
    text(language, 'depositsAdmin', key, values);
  const tx = (key: string, values?: Record<string, string>) =>
    text(language, 'transactions', key, values);

  it.each(['desktop', 'phone'] as const)(
    'the operator matches a deposit one won short, and the client sees what was paid (%s)',
    async (viewport) => {
      const client = await signedIn(language, viewport, CLIENT, '/app');
      const request = await makeBuy(client.page, 12);
      const short = String(Number(request.totalKrw) - 1);
      const { bankReference, deposit } = await postBankDeposit(baseURL, {
        amountKrw: short,
        depositorName: REGISTERED_NAME,
      });
      expect(deposit).toMatchObject({ status: 'review', reviewReason: 'amount_differs' });

      const operator = await signedIn(language, viewport, OPERATOR, '/app/operator/deposits');
      const dialog = await openDeposit(operator.page, language, 'review', bankReference);
      const candidate = dialog.getByLabel(d('decide.candidateLabel', { number: request.number }), {
        exact: true,
      });
      await candidate
        .getByText(d('decide.difference', { amount: '-1' }))
        .or(candidate.getByText(d('decide.difference', { amount: '1' })))
        .first()
        .waitFor();
      const match = candidate.getByRole('button', {
        name: d('decide.matchLabel', { reference: bankReference, number: request.number }),
      });
      // A difference is never matched by accident: the button waits for the operator's yes.
      expect(await match.isDisabled()).toBe(true);
      await candidate.getByRole('checkbox').check();
      await screenshot(operator.page, `deposit-review-match-${language}-${viewport}`);
      await noSideways(operator.page);
      await match.click();
      // Paying a buy waits for a second operator (docs/decisions/017), who approves it.
      await operator.page.getByText(text(language, 'common', 'approvals.sent')).waitFor();
      const checker = await signedIn(language, 'desktop', DEMO_USERS.operator2, '/app');
      await approvePendingAs(
        checker.page,
        'deposit_match',
        (action) => (action.deposit as { bankReference: string }).bankReference === bankReference,
      );
      await checker.context.close();
      expect(operator.errors).toEqual([]);

      await client.page.goto(`${baseURL}/app/transactions/${request.id}`);
      await client.page.getByText(tx('status.Completed'), { exact: true }).first().waitFor();
      await client.page
        .getByText(
          pattern(language, 'requestedDiffers', { total: grouped(request.totalKrw, language) }),
        )
        .first()
        .waitFor();
      await screenshot(client.page, `deposit-review-paid-${language}-${viewport}`);
      await noSideways(client.page);
      expect(client.errors).toEqual([]);
      await operator.context.close();
      await client.context.close();
    },
  );

  it.each(['desktop', 'phone'] as const)(
    'the operator refunds a deposit sent in another name; the client sees it due, then returned (%s)',
    async (viewport) => {
      const client = await signedIn(language, viewport, CLIENT, '/app');
      const request = await makeBuy(client.page, 12);
      // The right amount from someone else: whose money is it? Not the client's to spend.
      const { bankReference, deposit } = await postBankDeposit(baseURL, {
        amountKrw: request.totalKrw,
        depositorName: '김타인',
      });
      expect(deposit).toMatchObject({ status: 'review', reviewReason: 'name_differs' });

      const operator = await signedIn(language, viewport, OPERATOR, '/app/operator/deposits');
      const review = await openDeposit(operator.page, language, 'review', bankReference);
      await review
        .getByLabel(d('decide.candidateLabel', { number: request.number }), { exact: true })
        .waitFor();
      await review.getByRole('combobox', { name: d('decide.refundReason') }).click();
      await operator.page
        .getByRole('option', { name: d('refundReasons.name_differs'), exact: true })
        .click();
      await screenshot(operator.page, `deposit-refund-${language}-${viewport}`);
      await review.getByRole('button', { name: d('decide.refundSubmit') }).click();
      // A refund decision waits for a second operator (docs/decisions/017), who approves it.
      await operator.page.getByText(text(language, 'common', 'approvals.sent')).waitFor();
      const checker = await signedIn(language, 'desktop', DEMO_USERS.operator2, '/app');
      await approvePendingAs(
        checker.page,
        'deposit_refund',
        (action) => (action.deposit as { bankReference: string }).bankReference === bankReference,
      );
      await checker.context.close();

      const amount = grouped(request.totalKrw, language);
      await client.page.goto(`${baseURL}/app/transactions/${request.id}`);
      await client.page.getByText(tx('refunds.due', { amount })).waitFor();
      await screenshot(client.page, `deposit-refund-due-${language}-${viewport}`);
      await noSideways(client.page);

      const due = await openDeposit(operator.page, language, 'refund_due', bankReference);
      await due
        .getByRole('textbox', { name: d('decide.bankReference') })
        .fill(`RF-${randomBytes(4).toString('hex')}`);
      await screenshot(operator.page, `deposit-refund-record-${language}-${viewport}`);
      await due.getByRole('button', { name: d('decide.refundedSubmit') }).click();
      await operator.page
        .getByText(d('decide.refundedDone', { reference: bankReference }))
        .waitFor();
      expect(operator.errors).toEqual([]);

      await client.page.reload();
      await client.page.getByText(tx('refunds.returnedTitle')).waitFor();
      await client.page.getByText(pattern(language, 'refunds.refunded', { amount })).waitFor();
      await screenshot(client.page, `deposit-refunded-${language}-${viewport}`);
      expect(client.errors).toEqual([]);
      await operator.context.close();
      await client.context.close();
    },
  );
});
