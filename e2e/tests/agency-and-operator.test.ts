import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, screenshot, viewports, type Language } from '../support/browser';
import { text, translation } from '../support/locales';
import { DEMO_USERS, openSignedIn } from '../support/session';

/**
 * Partner agencies and the operator's pages in a real browser, in English and in Korean:
 * - the Seoul agency user sees its clients (and none of Busan's), searches, opens a detail;
 * - the Busan agency user sees Busan's clients and not Seoul's;
 * - the operator adds an agency with its first agency user, disables that user, and finds the
 *   event in the audit log by action, date and email.
 * Each screen is photographed at 375 px and 1280 px.
 */
const baseURL = inject('baseURL');
const BUSAN = { email: 'busan@wonbridge.example', password: 'Agency#2026!' };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

function signedIn(language: Language, user: { email: string; password: string }, path: string) {
  return openSignedIn(browser, baseURL, { language, user, path });
}

/** A desktop and a phone screenshot of the current screen. */
async function bothSizes(page: Page, name: string, waitFor: () => Promise<unknown>) {
  await page.setViewportSize(viewports.desktop);
  await waitFor();
  await screenshot(page, `${name}-desktop`);
  await page.setViewportSize(viewports.phone);
  await waitFor();
  // The desktop navbar slides away at phone width; shoot once it has, not halfway.
  await page.waitForFunction(() => {
    const navbar = document.getElementById('app-navbar');
    return !navbar || navbar.getBoundingClientRect().right <= 0;
  });
  await screenshot(page, `${name}-phone`);
  await page.setViewportSize(viewports.desktop);
}

/** Today in Korea, as a date input value. */
function koreaToday(): string {
  return new Date(Date.now() + 9 * 3_600_000).toISOString().slice(0, 10);
}

describe.each(['en', 'ko'] as const)('agency and operator pages in %s', (language: Language) => {
  const t = (namespace: string, key: string, values?: Record<string, string | number>) =>
    text(language, namespace, key, values);

  it('an agency user sees only its own clients and opens a client’s detail', async () => {
    const { context, page, errors } = await signedIn(language, DEMO_USERS.agency, '/app/clients');
    const table = page.getByRole('table', { name: t('agencyClients', 'tableLabel') });
    await table.getByText('client@wonbridge.example').waitFor();
    await expect(table.getByText('haneul.kang@wonbridge.example').count()).resolves.toBe(0);
    // The paging line counts the agency's clients.
    const showing = new RegExp(
      `^${translation(language, 'agencyClients', 'paging.showing').replace(/\{\{(\w+)\}\}/g, '\\d+')}$`,
    );
    await page.getByText(showing).waitFor();
    await bothSizes(page, `agency-clients-${language}`, () =>
      page.getByText('client@wonbridge.example').first().waitFor(),
    );

    // Search is debounced and kept in the URL; Busan's clients are never found.
    const search = page.getByRole('searchbox', { name: t('agencyClients', 'search.label') });
    await search.fill('haneul');
    await page.getByText(t('agencyClients', 'emptySearch.title')).waitFor();
    await search.fill('홍길동');
    await page.waitForURL(/q=/);
    await table.getByText('client@wonbridge.example').waitFor();
    await expect.poll(() => table.getByRole('row').count()).toBe(2);

    await table
      .getByRole('link', { name: t('agencyClients', 'openDetail', { name: '홍길동' }) })
      .click();
    await page.waitForURL(/\/app\/clients\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { name: '홍길동', level: 1 }).waitFor();
    await page.getByText(t('agencyClients', 'detail.documents')).first().waitFor();
    await bothSizes(page, `agency-client-detail-${language}`, () =>
      page.getByRole('heading', { name: '홍길동', level: 1 }).waitFor(),
    );
    expect(errors).toEqual([]);
    await context.close();

    const busan = await signedIn(language, BUSAN, '/app/clients');
    const busanTable = busan.page.getByRole('table', {
      name: t('agencyClients', 'tableLabel'),
    });
    await busanTable.getByText('haneul.kang@wonbridge.example').waitFor();
    await expect(busanTable.getByText('client@wonbridge.example').count()).resolves.toBe(0);
    expect(busan.errors).toEqual([]);
    await busan.context.close();
  });

  it('the operator adds an agency with its user, disables the user, and finds it in the audit log', async () => {
    const tag = randomBytes(3).toString('hex').toUpperCase();
    const code = `E2E-${tag}`;
    const email = `e2e-agent-${tag.toLowerCase()}-${language}@example.test`;
    const agencyName = `E2E Partners ${tag}`;
    const { context, page, errors } = await signedIn(
      language,
      DEMO_USERS.operator,
      '/app/operator/agencies',
    );
    const agencies = page.getByRole('table', { name: t('agenciesAdmin', 'tableLabel') });
    await agencies.getByText('SEOUL-01').waitFor();

    await page.getByRole('button', { name: t('agenciesAdmin', 'actions.create') }).click();
    const dialog = page.getByRole('dialog', { name: t('agenciesAdmin', 'form.createTitle') });
    const field = (key: string) =>
      dialog.getByRole('textbox', { name: t('agenciesAdmin', `fields.${key}`), exact: true });
    await field('name').fill(agencyName);
    await field('code').fill(code.toLowerCase());
    await field('bankName').fill('국민은행');
    await field('bankAccountNumber').fill('123-456-789012');
    await field('bankAccountHolder').fill('(주)이투이');
    await field('userName').fill('김테스트');
    await field('userPhone').fill('010-2222-3333');
    await field('userEmail').fill(email);
    await dialog.locator('input[name="user.password"]').fill('e2e passphrase 1');
    await screenshot(page, `operator-agency-form-${language}-desktop`);
    await dialog.getByRole('button', { name: t('agenciesAdmin', 'form.create') }).click();
    await page.getByText(t('agenciesAdmin', 'form.created', { name: agencyName, email })).waitFor();
    await agencies.getByText(code).waitFor();
    await bothSizes(page, `operator-agencies-${language}`, () =>
      page.getByText(code).first().waitFor(),
    );

    // Users: find the new agency user and disable them, after confirming.
    await page.goto(`${baseURL}/app/operator/users`);
    await page.getByRole('searchbox', { name: t('usersAdmin', 'filters.search') }).fill(email);
    await page.waitForURL(/q=/);
    const users = page.getByRole('table', { name: t('usersAdmin', 'tableLabel') });
    await users.getByText(email).waitFor();
    await expect.poll(() => users.getByRole('row').count()).toBe(2);
    await page
      .getByRole('button', { name: t('usersAdmin', 'actions.disableLabel', { name: '김테스트' }) })
      .click();
    const confirm = page.getByRole('dialog', {
      name: t('usersAdmin', 'confirm.disabledTitle', { name: '김테스트' }),
    });
    await confirm.getByRole('button', { name: t('usersAdmin', 'actions.disable') }).click();
    await page.getByText(t('usersAdmin', 'done.disabled', { name: '김테스트' })).waitFor();
    await users.getByText(t('usersAdmin', 'statuses.disabled'), { exact: true }).waitFor();
    await bothSizes(page, `operator-users-${language}`, () =>
      page.getByText(email).first().waitFor(),
    );

    // Audit log: the status change, by action, today's date and the user's email.
    await page.goto(`${baseURL}/app/operator/audit`);
    const events = page.getByRole('table', { name: t('auditLog', 'tableLabel') });
    await events.getByRole('row').nth(1).waitFor();
    await page.getByRole('combobox', { name: t('auditLog', 'filters.action') }).click();
    await page.getByRole('option', { name: t('auditLog', 'actions.status_changed') }).click();
    await page.getByLabel(t('auditLog', 'filters.from')).fill(koreaToday());
    await page.getByLabel(t('auditLog', 'filters.to')).fill(koreaToday());
    await page.getByRole('textbox', { name: t('auditLog', 'filters.email') }).fill(email);
    await page.getByRole('button', { name: t('auditLog', 'filters.apply') }).click();
    await page.getByText(t('auditLog', 'shownAll_one', { count: 1 })).waitFor();
    await events.getByText(email).waitFor();
    await expect.poll(() => events.getByRole('row').count()).toBe(2);
    await bothSizes(page, `operator-audit-${language}`, () =>
      page.getByText(t('auditLog', 'shownAll_one', { count: 1 })).waitFor(),
    );
    expect(errors).toEqual([]);
    await context.close();
  });
});
