import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, screenshot, viewports, type Language } from '../support/browser';
import { callApi, makeBuy } from '../support/api';
import { text } from '../support/locales';
import { DEMO_USERS, openSignedIn } from '../support/session';

/**
 * The operator's statement import in a real browser (docs/decisions/019), in English and Korean,
 * at 1280 and 375 px: a KB국민-style export (title and account above the header, "2026.11.24
 * 11:35:00" times, "1,392,500" won, a withdrawal) is picked; the preview shows one line that will
 * complete a buy, one that goes to review, one with an error named by its column, with nothing
 * recorded yet; Import records them, and the client's buy is Completed.
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

const signedIn = (
  language: Language,
  viewport: keyof typeof viewports,
  user: { email: string; password: string },
  path: string,
) => openSignedIn(browser, baseURL, { language, viewport, user, path });

/** Korea's wall clock, as KB국민's export writes it: "2026.11.24 11:35:00". */
function kbTime(at: Date): string {
  const wall = new Date(at.getTime() + 9 * 3600_000).toISOString();
  return `${wall.slice(0, 10).replaceAll('-', '.')} ${wall.slice(11, 19)}`;
}

const grouped = (won: string) => BigInt(won).toLocaleString('en-US');

async function noSideways(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth > window.innerWidth,
  );
  expect(overflow).toBe(false);
}

describe.each(['en', 'ko'] as const)('statement import in %s', (language: Language) => {
  const d = (key: string, values?: Record<string, string | number>) =>
    text(language, 'depositsAdmin', key, values);
  const v = (key: string) => text(language, 'validation', key);

  it.each(['desktop', 'phone'] as const)(
    'the operator previews a Korean bank export, then imports it (%s)',
    async (viewport) => {
      const client = await signedIn(language, viewport, CLIENT, '/app');
      const paid = await makeBuy(client.page, 13);
      const other = await makeBuy(client.page, 14);
      const agency = (
        await callApi<{ account: { accountNumber: string } }>(
          client.page,
          'GET',
          '/deposit-account',
        )
      ).body;
      const at = kbTime(new Date(Date.now() + 60_000));
      const csv = [
        '거래내역조회',
        `계좌번호,${agency.account.accountNumber}`,
        '',
        '거래일시,적요,보낸분/받는분,출금액(원),입금액(원),잔액(원)',
        `${at},타행이체,${REGISTERED_NAME},0,"${grouped(paid.totalKrw)}","9,000,000"`,
        `${at},타행이체,김타인,0,"${grouped(other.totalKrw)}원","9,100,000"`,
        `${at},타행이체,${REGISTERED_NAME},0,"1,00","9,100,001"`,
        `${at},체크카드,GS25,"4,700",0,"9,095,301"`,
      ].join('\r\n');

      const operator = await signedIn(language, viewport, OPERATOR, '/app/operator/deposits');
      const page = operator.page;
      await page.getByRole('button', { name: d('actions.import') }).click();
      const dialog = page.getByRole('dialog', { name: d('import.title') });
      await dialog.waitFor();
      await dialog.getByText(d('import.lead')).waitFor();
      // The dialog fades in: the picture is taken once it is there, not halfway.
      await page.waitForFunction(() =>
        [...document.querySelectorAll('.mantine-Modal-content')].every(
          (element) => getComputedStyle(element).opacity === '1',
        ),
      );
      await noSideways(page);
      await screenshot(page, `statement-import-pick-${language}-${viewport}`, { fullPage: false });
      await dialog.locator('input[type="file"]').setInputFiles({
        name: 'kb-statement.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(`\uFEFF${csv}\r\n`, 'utf8'),
      });

      const preview = dialog.getByRole('region', { name: d('import.previewTitle') });
      await preview.waitFor();
      // Said in full when it fails: what the preview showed instead.
      const shows = async (line: string) =>
        expect
          .poll(async () => (await preview.innerText()).replace(/\s+/g, ' '), { timeout: 15_000 })
          .toContain(line);
      await shows(d('import.will.settle', { number: paid.number }));
      await shows(d('import.will.review', { reason: d('reasonsShort.name_differs') }));
      // The column as the reader calls it, the text as written, what is wrong: no "amountKrw".
      await preview
        .getByText(
          d('import.problemWithValue', {
            column: d('import.column.amount'),
            value: '1,00',
            message: v('numberGrouping'),
          }),
        )
        .waitFor();
      await preview.getByText(d('import.will.skipped.withdrawal')).first().waitFor();
      expect(await preview.textContent()).not.toMatch(/amountKrw|amount_krw/);
      // Nothing recorded yet: the buy still waits for its deposit.
      const before = await callApi<{ status: string }>(
        client.page,
        'GET',
        `/transactions/${paid.id}`,
      );
      expect(before.body.status).toBe('Requested');
      await noSideways(page);
      // The dialog scrolls on its own: what the screen shows, at the top and at the buttons.
      await screenshot(page, `statement-import-preview-${language}-${viewport}`, {
        fullPage: false,
      });
      const submit = preview.getByRole('button', { name: d('import.submit_other', { count: 2 }) });
      await submit.scrollIntoViewIfNeeded();
      await screenshot(page, `statement-import-preview-end-${language}-${viewport}`, {
        fullPage: false,
      });

      await submit.click();
      const done = dialog.getByRole('region', { name: d('import.doneTitle') });
      await done.waitFor();
      await done.getByText(d('import.did.settle', { number: paid.number })).waitFor();
      await noSideways(page);
      await screenshot(page, `statement-import-done-${language}-${viewport}`, { fullPage: false });

      const after = await callApi<{ status: string }>(
        client.page,
        'GET',
        `/transactions/${paid.id}`,
      );
      expect(after.body.status).toBe('Completed');
      const waiting = await callApi<{ status: string }>(
        client.page,
        'GET',
        `/transactions/${other.id}`,
      );
      expect(waiting.body.status).toBe('Pending');
      expect(operator.errors).toEqual([]);
      expect(client.errors).toEqual([]);
      await operator.context.close();
      await client.context.close();
    },
  );
});
