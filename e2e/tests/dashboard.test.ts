import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, screenshot, viewports, type Language } from '../support/browser';
import { text } from '../support/locales';
import { callApi, makeBuyRequest } from '../support/api';
import { approvalOf, approveAs, approvePendingAs } from '../support/approvals';
import { DEMO_USERS, openSignedIn } from '../support/session';

/**
 * The everyday screens in a real browser, in English and in Korean: the client's dashboard
 * (greeting, last and requested transactions, View All), the agency user editing its Partner
 * Agency Bank Account and the client then seeing it, the operator's dashboard, Support and FAQ.
 * Screenshots of each at 375 px and 1280 px.
 */
const baseURL = inject('baseURL');
const CLIENT_NAME = '홍길동';
const VIEWPORTS = ['phone', 'desktop'] as const satisfies readonly (keyof typeof viewports)[];

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

function signedIn(
  language: Language,
  user: { email: string; password: string },
  path: string,
  viewport: keyof typeof viewports = 'desktop',
) {
  return openSignedIn(browser, baseURL, { language, viewport, user, path });
}

/** An account number no other run uses: digits in dashed groups. */
function uniqueAccountNumber(): string {
  const digits = String(randomBytes(5).readUIntBE(0, 5)).padStart(12, '0').slice(0, 12);
  return `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`;
}

describe.each(['en', 'ko'] as const)('everyday screens in %s', (language: Language) => {
  const d = (key: string, values?: Record<string, string>) =>
    text(language, 'dashboard', key, values);
  const b = (key: string, values?: Record<string, string>) =>
    text(language, 'agencyBankAccount', key, values);

  it.each(VIEWPORTS)("the client's dashboard at %s width, and View All", async (viewport) => {
    const { context, page, errors } = await signedIn(language, DEMO_USERS.client, '/app', viewport);
    await page.getByText(d('greeting', { name: CLIENT_NAME }), { exact: true }).waitFor();
    await page.getByRole('heading', { level: 2, name: d('last.title') }).waitFor();
    await page.getByRole('heading', { level: 2, name: d('open.title') }).waitFor();
    await page.getByText(d('updates')).waitFor();
    // Balance and open position of the default account (Hanbit main, USDT).
    const summary = page.getByRole('region', { name: d('position.title') });
    await summary.getByText(d('position.openPosition'), { exact: true }).waitFor();
    await summary.getByText(/USDT/).first().waitFor();
    // Something to show in both tables: an open buy request, made as the Buy screen makes it.
    const number = await makeBuyRequest(page);
    await page.reload();
    const opened = d('table.open', { number });
    await page
      .getByRole('region', { name: d('last.title') })
      .getByRole('link', { name: opened })
      .waitFor();
    await page
      .getByRole('region', { name: d('open.title') })
      .getByRole('link', { name: opened })
      .waitFor();
    // The spec's No., Type, Merchant, Status, then the amount and the date.
    const amount = text(language, 'transactions', 'money.asset', { value: '', asset: 'USDT' });
    if (viewport === 'desktop') {
      const last = page.getByRole('table', { name: d('last.title') });
      const headers = await last.getByRole('columnheader').allTextContents();
      expect(headers).toEqual(
        ['number', 'type', 'merchant', 'status', 'amount', 'date'].map((c) => d(`columns.${c}`)),
      );
      const row = last.getByRole('row').filter({ hasText: number });
      const cells = await row.getByRole('cell').allTextContents();
      expect(cells[4]).toContain(amount.trim());
      expect(cells[5]).toMatch(/2\d{3}/);
      // Six columns fit at 1280 px: the table does not scroll sideways.
      const fits = await last.evaluate(
        (table) => table.parentElement!.scrollWidth <= table.parentElement!.clientWidth,
      );
      expect(fits).toBe(true);
    } else {
      const card = page
        .getByRole('list', { name: d('last.title') })
        .getByRole('listitem')
        .filter({ hasText: number });
      expect(await card.textContent()).toMatch(/USDT.*2\d{3}/);
    }
    // Wait for every section to settle before the picture.
    await page.locator('[aria-busy="true"]').first().waitFor({ state: 'detached' });
    await screenshot(page, `dashboard-client-${language}-${viewport}`);

    await page.getByRole('link', { name: d('viewAll') }).click();
    await page.waitForURL(`${baseURL}/app/transactions`);
    await page
      .getByRole('heading', { level: 1, name: text(language, 'common', 'nav.transactions') })
      .waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the agency user proposes a bank account, and its client sees it once approved', async () => {
    const agency = await signedIn(language, DEMO_USERS.agency, '/app/agency-bank-account');
    const original = (await callApi(agency.page, 'GET', '/agency/bank-account')).body as {
      account: { bankName: string; accountNumber: string; accountHolder: string };
    };
    const form = agency.page.getByRole('region', { name: b('form.title') });
    const number = form.getByRole('textbox', { name: b('form.accountNumber') });
    await expect.poll(() => number.inputValue()).toBe(original.account.accountNumber);

    // A wrong number is refused in the page's language before anything is sent.
    await number.fill('12-AB');
    await form.getByRole('button', { name: b('form.save') }).click();
    await form.getByText(text(language, 'validation', 'bankAccountNumberInvalid')).waitFor();
    await screenshot(agency.page, `agency-bank-account-invalid-${language}-desktop`);

    const next = uniqueAccountNumber();
    await number.fill(next);
    await form.getByRole('button', { name: b('form.save') }).click();
    // A new account waits for an operator's approval (docs/decisions/017).
    await agency.page.getByText(text(language, 'common', 'approvals.sentToOperator')).waitFor();
    await form.getByText(b('proposal.title')).waitFor();
    await screenshot(agency.page, `agency-bank-account-agency-${language}-desktop`);
    const checker = await signedIn(language, DEMO_USERS.operator2, '/app');
    await approvePendingAs(
      checker.page,
      'agency_bank_account',
      (action) => (action.to as { accountNumber: string }).accountNumber === next,
    );

    for (const viewport of VIEWPORTS) {
      const client = await signedIn(
        language,
        DEMO_USERS.client,
        '/app/agency-bank-account',
        viewport,
      );
      const card = client.page.getByRole('region', {
        name: text(language, 'transactions', 'depositAccount.title'),
      });
      await card.getByText(next, { exact: true }).waitFor();
      await card
        .getByRole('button', {
          name: text(language, 'transactions', 'copy.label', {
            label: text(language, 'transactions', 'depositAccount.number'),
          }),
        })
        .waitFor();
      await expect(client.page.getByRole('textbox').count()).resolves.toBe(0);
      await screenshot(client.page, `agency-bank-account-client-${language}-${viewport}`);
      expect(client.errors).toEqual([]);
      await client.context.close();
    }

    // Put the demo account back, for the other tests and a human looking at the demo.
    const restored = await callApi(agency.page, 'PUT', '/agency/bank-account', original.account);
    await approveAs(checker.page, approvalOf(restored));
    await checker.context.close();
    expect(agency.errors).toEqual([]);
    await agency.context.close();
  });

  it.each(VIEWPORTS)(
    "the agency's bank account screen and the operator's dashboard at %s width",
    async (viewport) => {
      const agency = await signedIn(
        language,
        DEMO_USERS.agency,
        '/app/agency-bank-account',
        viewport,
      );
      await agency.page.getByRole('textbox', { name: b('form.accountNumber') }).waitFor();
      await screenshot(agency.page, `agency-bank-account-agency-${language}-${viewport}`);
      expect(agency.errors).toEqual([]);
      await agency.context.close();

      const operator = await signedIn(language, DEMO_USERS.operator, '/app', viewport);
      const payouts = operator.page.getByRole('region', { name: d('operator.payouts.title') });
      await payouts.getByRole('link', { name: d('operator.payouts.link') }).waitFor();
      await operator.page.getByRole('region', { name: d('operator.deposits.title') }).waitFor();
      await screenshot(operator.page, `dashboard-operator-${language}-${viewport}`);
      await payouts.getByRole('link', { name: d('operator.payouts.link') }).click();
      await operator.page.waitForURL(/\/app\/operator\/transactions\?queue=payouts$/);
      expect(operator.errors).toEqual([]);
      await operator.context.close();
    },
  );

  it.each(VIEWPORTS)('Support and FAQ at %s width', async (viewport) => {
    const { context, page, errors } = await signedIn(
      language,
      DEMO_USERS.client,
      '/app/support',
      viewport,
    );
    await page.getByRole('link', { name: text(language, 'common', 'support.phone') }).waitFor();
    await page.getByRole('link', { name: text(language, 'common', 'support.email') }).waitFor();
    await page.getByText(text(language, 'common', 'disclaimer.body')).waitFor();
    await screenshot(page, `support-${language}-${viewport}`);

    await page.goto(`${baseURL}/app/faq`);
    await page
      .getByRole('heading', { level: 1, name: text(language, 'common', 'nav.faq') })
      .waitFor();
    const topic = text(language, 'faq', 'app.sections.1.title');
    const section = page.getByRole('region', { name: topic });
    const question = text(language, 'faq', 'app.sections.1.items.0.question');
    await section.getByRole('button', { name: question }).click();
    await section
      .getByText(text(language, 'faq', 'app.sections.1.items.0.answer').split('\n')[0]!)
      .waitFor();
    await screenshot(page, `faq-app-${language}-${viewport}`);
    expect(errors).toEqual([]);
    await context.close();
  });
});
