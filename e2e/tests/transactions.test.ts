import { randomBytes, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  launchBrowser,
  newContext,
  screenshot,
  viewports,
  watchErrors,
  type Language,
} from '../support/browser';
import { text } from '../support/locales';
import { seriousViolations } from '../support/axe';
import { callApi } from '../support/api';
import { DEMO_USERS, signIn } from '../support/session';

/**
 * My Transactions and Client Transactions in a real browser, in English and Korean: requests made
 * through the API, a date range applied (and a cancelled change leaving it as it was), paging with
 * the 'Showing ...' line, CSV and Excel downloads checked row by row against the list, the print
 * view, and the agency user seeing its client's transactions.
 */
const baseURL = inject('baseURL');
const PAGE_SIZE = 20;
/** The last request the demo client made in each language's first test. */
const madeBy: Partial<Record<Language, string>> = {};

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

interface Listed {
  number: string;
  status: string;
  type: string;
  totalKrw: string;
  client?: { name: string };
}

/** Today in Korea, YYYY-MM-DD. */
const koreaToday = () => new Date(Date.now() + 9 * 3600_000).toISOString().slice(0, 10);

/** The calendar's day labels, as the app writes them. */
const dayLabel = (day: string, language: Language) =>
  new Intl.DateTimeFormat(language === 'ko' ? 'ko-KR' : 'en-GB', {
    dateStyle: 'long',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));

/** Buy requests of the demo client through the API (default account Hanbit main). */
async function makeBuys(page: Page, count: number): Promise<string[]> {
  const accounts = await callApi<{
    items: Array<{ id: string; isDefault: boolean; merchant: { id: string } }>;
  }>(page, 'GET', '/accounts');
  const account = accounts.body.items.find((item) => item.isDefault)!;
  const numbers: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const quote = await callApi<{ token: string }>(
      page,
      'GET',
      `/quotes?merchantId=${account.merchant.id}&side=buy`,
    );
    const amount = `13.${String(randomBytes(2).readUInt16BE(0) % 10_000).padStart(4, '0')}7`;
    const made = await callApi<{ number: string }>(
      page,
      'POST',
      '/transactions/buy',
      { accountId: account.id, amount, quoteToken: quote.body.token },
      { 'idempotency-key': randomUUID() },
    );
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    numbers.push(made.body.number);
  }
  return numbers;
}

async function signedIn(
  language: Language,
  user: { email: string; password: string },
  path: string,
  viewport: keyof typeof viewports = 'desktop',
) {
  const context = await newContext(browser, { language, viewport });
  await context.addInitScript(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => {
      (window as unknown as { printed: number }).printed += 1;
    };
  });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(`${baseURL}${path}`);
  await signIn(page, language, user.email, user.password);
  await page.waitForURL(`${baseURL}${path}`);
  return { context, page, errors };
}

const t = (language: Language, key: string, values?: Record<string, string | number>) =>
  text(language, 'transactionList', key, values);

const showing = (language: Language, from: number, to: number, total: number) =>
  t(language, 'showing', {
    from: from.toLocaleString(language),
    to: to.toLocaleString(language),
    total: total.toLocaleString(language),
  });

/** Signs in on a 375 px page, checks the list shows as cards, takes the screenshot. */
async function phoneView(
  language: Language,
  user: { email: string; password: string },
  path: string,
  label: string,
  name: string,
) {
  const { context, page, errors } = await signedIn(language, user, path, 'phone');
  await page.getByRole('list', { name: t(language, label) }).waitFor();
  await page.getByTestId('showing-line').waitFor();
  await screenshot(page, name);
  expect(await seriousViolations(page)).toEqual([]);
  expect(errors).toEqual([]);
  await context.close();
}

async function download(page: Page, button: string) {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: button, exact: true }).click(),
  ]);
  return { name: file.suggestedFilename(), data: await readFile((await file.path())!) };
}

/** The name of the user's own export: English, or Korean for a Korean reader. */
const fileName = (language: Language, format: 'csv' | 'xlsx') =>
  new RegExp(
    `^${language === 'ko' ? '거래내역_' : 'transactions-'}\\d{4}-\\d{2}-\\d{2}\\.${format}$`,
  );

/** Two boxes share some area. */
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
type Box = { x: number; y: number; width: number; height: number };

/**
 * The export's toast, shown at the bottom: it hides neither the header (the user's name, the
 * menu button) nor the screen's title, and it is below the layer of modal dialogs.
 */
async function toastShown(page: Page, language: Language, name: string, picture: string) {
  const toast = page.getByText(t(language, 'export.done', { name }));
  await toast.waitFor();
  await page.waitForTimeout(300); // its entrance transition, for the picture
  const box = (await toast.boundingBox())!;
  const header = (await page.getByRole('banner').boundingBox())!;
  const title = (await page.getByRole('heading', { level: 1 }).boundingBox())!;
  expect(overlaps(box, header), 'toast over the header').toBe(false);
  expect(overlaps(box, title), 'toast over the title').toBe(false);
  const layer = await toast.evaluate((element) => {
    const container = element.closest('[data-position]')!;
    return Number(getComputedStyle(container).zIndex);
  });
  expect(layer).toBeLessThan(200); // Mantine's modal layer
  await screenshot(page, picture, { fullPage: false });
}

describe.each(['en', 'ko'] as const)('transactions in %s', (language: Language) => {
  it('filters by dates (Apply, then Cancel keeps it), pages, downloads CSV and Excel, prints', async () => {
    const { context, page, errors } = await signedIn(
      language,
      DEMO_USERS.client,
      '/app/transactions',
    );
    const today = koreaToday();
    const query = `from=${today}&to=${today}`;

    // Enough of today's requests for two pages.
    const before = await callApi<{ total: number }>(page, 'GET', `/transactions?${query}`);
    const made = await makeBuys(page, Math.max(3, PAGE_SIZE + 1 - before.body.total));
    madeBy[language] = made.at(-1);
    // Every filtered row through the list API, page by page: what the exports must equal.
    const listed = { body: { total: 0, items: [] as Listed[] } };
    for (let n = 1; n === 1 || listed.body.items.length < listed.body.total; n += 1) {
      const result = await callApi<{ total: number; items: Listed[] }>(
        page,
        'GET',
        `/transactions?${query}&pageSize=100&page=${n}`,
      );
      listed.body.total = result.body.total;
      listed.body.items.push(...result.body.items);
      if (result.body.items.length === 0) break;
    }
    const total = listed.body.total;
    expect(total).toBeGreaterThan(PAGE_SIZE);
    for (const number of made)
      expect(listed.body.items.map((item) => item.number)).toContain(number);
    await page.reload();

    // Apply today's range.
    const rangeButton = page.getByTestId('date-range-button');
    await rangeButton.click();
    let dialog = page.getByRole('dialog', { name: t(language, 'dates.dialog') });
    await dialog
      .getByRole('button', { name: dayLabel(today, language), exact: true })
      .first()
      .click();
    await dialog
      .getByRole('button', { name: dayLabel(today, language), exact: true })
      .first()
      .click();
    await dialog.getByRole('button', { name: t(language, 'dates.apply') }).click();
    await page.waitForURL(new RegExp(`\\?from=${today}&to=${today}$`));
    const line = page.getByTestId('showing-line');
    await expect.poll(() => line.textContent()).toBe(showing(language, 1, PAGE_SIZE, total));
    const appliedLabel = dayLabel(today, language);
    await expect.poll(() => rangeButton.textContent()).toBe(appliedLabel);
    await screenshot(page, `transactions-${language}-desktop`);

    // Pick another range, then Cancel: nothing changes.
    await rangeButton.click();
    dialog = page.getByRole('dialog', { name: t(language, 'dates.dialog') });
    await dialog.getByRole('button', { name: t(language, 'dates.previousMonth') }).click();
    const previous = new Date(`${today.slice(0, 7)}-01T00:00:00Z`);
    previous.setUTCMonth(previous.getUTCMonth() - 1);
    const firstDay = previous.toISOString().slice(0, 10);
    const secondDay = `${firstDay.slice(0, 8)}02`;
    await dialog.getByRole('button', { name: dayLabel(firstDay, language), exact: true }).click();
    await dialog.getByRole('button', { name: dayLabel(secondDay, language), exact: true }).click();
    await screenshot(page, `transactions-date-range-${language}-desktop`);
    await dialog.getByRole('button', { name: t(language, 'dates.cancel') }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).search).toBe(`?from=${today}&to=${today}`);
    expect(await rangeButton.textContent()).toBe(appliedLabel);
    expect(await line.textContent()).toBe(showing(language, 1, PAGE_SIZE, total));

    // Page 2, then Back to page 1.
    await page.getByRole('button', { name: t(language, 'pagination.next') }).click();
    await page.waitForURL(/page=2/);
    await expect
      .poll(() => line.textContent())
      .toBe(showing(language, PAGE_SIZE + 1, Math.min(2 * PAGE_SIZE, total), total));
    await page.goBack();
    await expect.poll(() => line.textContent()).toBe(showing(language, 1, PAGE_SIZE, total));

    // CSV: exactly the filtered rows, all pages, in the list's order.
    const expected = listed.body.items.map((item) => item.number);
    const csv = await download(page, t(language, 'actions.csv'));
    expect(csv.name).toMatch(fileName(language, 'csv'));
    await toastShown(page, language, csv.name, `transactions-toast-${language}-desktop`);
    expect([...csv.data.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parse(csv.data, { bom: true, columns: true }) as Array<Record<string, string>>;
    const numberHeader = language === 'ko' ? '번호' : 'No.';
    expect(rows.map((row) => row[numberHeader])).toEqual(expected);
    expect(rows[0]![language === 'ko' ? '상태' : 'Status']).toBe(
      text(language, 'transactions', `status.${listed.body.items[0]!.status}`),
    );

    // Excel: the same rows, numbers as numbers.
    const xlsx = await download(page, t(language, 'actions.excel'));
    expect(xlsx.name).toMatch(fileName(language, 'xlsx'));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.data as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const sheetNumbers: string[] = [];
    sheet.eachRow((row, index) => {
      if (index > 1) sheetNumbers.push(String(row.getCell(1).value));
    });
    expect(sheetNumbers).toEqual(expected);
    expect(sheet.getRow(2).getCell(7).value).toBe(Number(listed.body.items[0]!.totalKrw));
    expect(sheet.getRow(2).getCell(9).value).toBeInstanceOf(Date);

    // Print: every filtered row, and the print dialog.
    await page.getByRole('button', { name: t(language, 'actions.print'), exact: true }).click();
    const sheetView = page.locator('.transaction-print');
    await sheetView.getByTestId('print-count').waitFor();
    expect(await sheetView.locator('tbody tr').count()).toBe(total);
    // Whose sheet and when: the portal, the user, the time in Korea, the filters.
    expect(await sheetView.getByTestId('print-portal').textContent()).toBe(
      text(language, 'common', 'brand.name'),
    );
    const meta = (await sheetView.getByTestId('print-meta').textContent())!;
    for (const part of ['printedBy', 'printedAt', 'filtersLabel'])
      expect(meta).toContain(t(language, `print.${part}`));
    expect(meta).toContain('홍길동');
    expect(meta).toContain(language === 'ko' ? '(한국 시간)' : '(Korea time)');
    expect(meta).toContain(
      new Intl.DateTimeFormat(language === 'ko' ? 'ko-KR' : 'en-GB', {
        dateStyle: 'medium',
        timeZone: 'Asia/Seoul',
      }).format(new Date()),
    );
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed))
      .toBe(1);
    await page.emulateMedia({ media: 'print' });
    await screenshot(page, `transactions-print-${language}-desktop`);
    await page.emulateMedia({ media: 'screen' });
    await sheetView.getByRole('button', { name: t(language, 'print.close') }).click();
    await sheetView.waitFor({ state: 'hidden' });

    expect(await seriousViolations(page)).toEqual([]);

    // A phone (a fresh 375 px page, as a phone opens it) shows cards.
    await phoneView(
      language,
      DEMO_USERS.client,
      `/app/transactions?${query}`,
      'tableLabel',
      `transactions-${language}-phone`,
    );

    expect(errors).toEqual([]);
    await context.close();
  });

  it('on a phone: a Korean or English calendar, an export and its toast, the printout', async () => {
    const today = koreaToday();
    const { context, page, errors } = await signedIn(
      language,
      DEMO_USERS.client,
      `/app/transactions?from=${today}&to=${today}`,
      'phone',
    );
    await page.getByTestId('showing-line').waitFor();

    // The calendar opens on today's month: year first in Korean, weeks from Sunday.
    await page.getByTestId('date-range-button').click();
    const dialog = page.getByRole('dialog', { name: t(language, 'dates.dialog') });
    await dialog.waitFor();
    const [year, month] = today.split('-').map(Number) as [number, number];
    const monthLabel =
      language === 'ko'
        ? `${year}년 ${month}월`
        : new Intl.DateTimeFormat('en-GB', {
            month: 'long',
            year: 'numeric',
            timeZone: 'UTC',
          }).format(new Date(Date.UTC(year, month - 1, 1)));
    expect(
      await dialog.getByRole('button', { name: t(language, 'dates.chooseMonth') }).textContent(),
    ).toBe(monthLabel);
    expect(await dialog.getByRole('columnheader').allTextContents()).toEqual(
      language === 'ko'
        ? ['일', '월', '화', '수', '목', '금', '토']
        : ['Su', 'Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa'],
    );
    await screenshot(page, `transactions-date-range-${language}-phone`);
    await dialog.getByRole('button', { name: t(language, 'dates.cancel') }).click();
    await dialog.waitFor({ state: 'hidden' });

    const csv = await download(page, t(language, 'actions.csv'));
    expect(csv.name).toMatch(fileName(language, 'csv'));
    await toastShown(page, language, csv.name, `transactions-toast-${language}-phone`);

    await page.getByRole('button', { name: t(language, 'actions.print'), exact: true }).click();
    const sheetView = page.locator('.transaction-print');
    await sheetView.getByTestId('print-count').waitFor();
    await sheetView.getByText('홍길동').waitFor();
    await page.emulateMedia({ media: 'print' });
    await screenshot(page, `transactions-print-${language}-phone`);
    await page.emulateMedia({ media: 'screen' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each(['phone', 'desktop'] as const)(
    'an empty list says there is nothing to show at %s width',
    async (viewport) => {
      const nothing = `nothing-${randomBytes(6).toString('hex')}`;
      const { context, page, errors } = await signedIn(
        language,
        DEMO_USERS.client,
        `/app/transactions?q=${nothing}`,
        viewport,
      );
      const line = page.getByTestId('showing-line');
      await expect.poll(() => line.textContent()).toBe(t(language, 'showingNone'));
      await page.getByText(t(language, 'empty.filtered')).waitFor();
      expect(await page.locator('main').textContent()).not.toMatch(/\b0\s*(-|–|to)\s*0\b/);
      await screenshot(page, `transactions-empty-${language}-${viewport}`);
      expect(await seriousViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it("the agency user sees its clients' transactions, with the client", async () => {
    // The demo client's request made above; the agency finds it by its number.
    const number = madeBy[language];
    expect(number).toBeTruthy();

    const { context, page, errors } = await signedIn(
      language,
      DEMO_USERS.agency,
      '/app/client-transactions',
    );
    await page.getByRole('table', { name: t(language, 'tableLabelAgency') }).waitFor();
    await screenshot(page, `client-transactions-${language}-desktop`);
    await page.getByRole('searchbox', { name: t(language, 'filters.search') }).fill(number!);
    await page.waitForURL(new RegExp(`q=${number}`));
    const table = page.getByRole('table', { name: t(language, 'tableLabelAgency') });
    await expect.poll(() => table.locator('tbody tr').count()).toBe(1);
    await table.getByText('홍길동').waitFor();
    await table.getByText(number!).waitFor();
    await expect
      .poll(() => page.getByTestId('showing-line').textContent())
      .toBe(showing(language, 1, 1, 1));

    const csv = await download(page, t(language, 'actions.csv'));
    expect(csv.name).toMatch(
      language === 'ko' ? /^고객거래내역_\d{4}-\d{2}-\d{2}\.csv$/ : /^client-transactions-.+\.csv$/,
    );
    const rows = parse(csv.data, { bom: true, columns: true }) as Array<Record<string, string>>;
    expect(rows).toHaveLength(1);
    expect(rows[0]![language === 'ko' ? '고객' : 'Client']).toMatch(
      /^홍길동 \(client@wonbridge\.example\)$/,
    );
    expect(await seriousViolations(page)).toEqual([]);

    await phoneView(
      language,
      DEMO_USERS.agency,
      `/app/client-transactions?q=${number}`,
      'tableLabelAgency',
      `client-transactions-${language}-phone`,
    );
    expect(errors).toEqual([]);
    await context.close();
  });
});
