import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { koreaDay } from '@portal/contract/korea-time';
import { launchBrowser, screenshot, viewports, type Language } from '../support/browser';
import { callApi, makeBuy, postBankDeposit } from '../support/api';
import { text } from '../support/locales';
import { DEMO_USERS, openSignedIn } from '../support/session';

/**
 * The operator's reconciliation in a real browser (docs/decisions/018), in English and Korean, at
 * 1280 and 375 px: a deposit the bank reports on an account of this test alone (nobody asked for
 * it, so it is owed back) shows on today's row as received and refund due, a buy paid by the
 * webhook puts its merchant's credit on the merchants' table, the page does not scroll sideways, and the account table downloads as CSV in the reader's words.
 */
const baseURL = inject('baseURL');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function noSideways(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth > window.innerWidth,
  );
  expect(overflow).toBe(false);
}

describe.each(['en', 'ko'] as const)('reconciliation in %s', (language: Language) => {
  const r = (key: string, values?: Record<string, string | number>) =>
    text(language, 'reconciliation', key, values);
  const won = (value: string) =>
    text(language, 'transactions', 'money.krw', { value: BigInt(value).toLocaleString('en-US') });

  it.each(Object.keys(viewports) as (keyof typeof viewports)[])(
    'the operator reads today, and downloads the accounts as CSV (%s)',
    async (viewport) => {
      const account = `7${String(randomBytes(5).readUIntBE(0, 5)).padStart(13, '0')}`;
      const amountKrw = String(1_000_000 + (randomBytes(3).readUIntBE(0, 3) % 900_000) * 10 + 3);
      const { deposit } = await postBankDeposit(baseURL, {
        amountKrw,
        depositorName: '정산테스트',
        receivingAccount: account,
      });
      expect(deposit.status).toBe('refund_due');

      // A buy of the demo client paid through the webhook: its credit puts a merchant row on today.
      const client = await openSignedIn(browser, baseURL, {
        language,
        viewport,
        user: DEMO_USERS.client,
        path: '/app',
      });
      const buy = await makeBuy(client.page, 19);
      const paid = await postBankDeposit(baseURL, {
        amountKrw: buy.totalKrw,
        depositorName: '홍길동',
      });
      expect(paid.deposit.status).toBe('settled');
      const merchant = (
        await callApi<{ merchant: { name: string } }>(client.page, 'GET', `/transactions/${buy.id}`)
      ).body.merchant.name;
      await client.context.close();

      const today = koreaDay();
      const { context, page, errors } = await openSignedIn(browser, baseURL, {
        language,
        viewport,
        user: DEMO_USERS.operator,
        path: `/app/operator/reconciliation?from=${today}&to=${today}`,
      });
      await page
        .getByRole('heading', { level: 1, name: text(language, 'common', 'nav.reconciliation') })
        .waitFor();
      const accounts = page.getByRole(viewport === 'phone' ? 'list' : 'table', {
        name: r('accounts.tableLabel'),
      });
      await accounts.waitFor();
      // The account's row: received and refund due, the deposit's won each.
      const row = accounts.locator(viewport === 'phone' ? 'li' : 'tr').filter({ hasText: account });
      await expect.poll(() => row.count()).toBe(1);
      expect(await row.getByText(won(amountKrw), { exact: true }).count()).toBe(2);
      await row.getByText(r('noAgency')).waitFor();
      // The credit is delivered by the outbox worker within seconds; the page is asked again.
      const merchants = page.getByRole(viewport === 'phone' ? 'list' : 'table', {
        name: r('merchants.tableLabel'),
      });
      await expect
        .poll(
          async () => {
            await page.reload();
            await accounts.waitFor();
            return merchants.getByText(merchant, { exact: true }).count();
          },
          { timeout: 30_000, interval: 1000 },
        )
        .toBeGreaterThan(0);
      await noSideways(page);
      await screenshot(page, `reconciliation-${language}-${viewport}`);

      const [file] = await Promise.all([
        page.waitForEvent('download'),
        page
          .getByRole('button', {
            name: `${r('accounts.heading')}: ${r('export.csv')}`,
            exact: true,
          })
          .click(),
      ]);
      expect(file.suggestedFilename()).toBe(
        `${language === 'ko' ? '정산대사_입금계좌_' : 'reconciliation-accounts-'}${today}_${today}.csv`,
      );
      const csv = (await readFile((await file.path())!, 'utf8')).replace(/^\uFEFF/, '');
      const [header, ...lines] = csv.trim().split('\r\n');
      expect(header).toContain(r('columns.accountNumber'));
      expect(header).toContain(`${r('figures.refundDue')}${language === 'ko' ? ' ' : ' ('}`);
      const line = lines.find((candidate) => candidate.includes(account));
      expect(line).toContain(`,1,${amountKrw},`);
      expect(lines.at(-1)!.startsWith(`${r('columns.total')},`)).toBe(true);
      expect(errors).toEqual([]);
      await context.close();
    },
  );
});
