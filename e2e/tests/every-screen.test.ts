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
import { callApi, makeBuy, makeBuyRequest, postBankDeposit } from '../support/api';
import { seriousViolations } from '../support/axe';
import { keyboardWalk } from '../support/keyboard';
import { text } from '../support/locales';
import { DEMO_USERS, openSignedIn, signIn } from '../support/session';
import { sidebarPaths } from '../support/navigation';

/**
 * Every screen each kind of user can reach, in both languages and at phone and desktop widths:
 * it renders one heading in the page's language, nothing sticks out sideways (no table is cut off
 * at desktop width either), axe-core finds no
 * serious or critical violation, every control can be reached with the Tab key, and a screenshot
 * of each is kept in e2e/artifacts/screenshots. The screens are read from the sidebar itself, so a
 * new menu entry is covered without being listed here (the agency's dashboard is its /app); the
 * detail screens are opened from their lists.
 */
const baseURL = inject('baseURL');
const HANGUL = /[\uAC00-\uD7A3]/;
const publicPaths = ['/', '/about-us', '/faq-home', '/terms', '/privacy'];

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Waits until the screen shows exactly one heading and nothing on it is still loading. */
async function settled(page: Page): Promise<string> {
  await page.waitForFunction(
    () => {
      const shown = (element: Element) => (element as HTMLElement).offsetParent !== null;
      const busy = document.querySelectorAll(
        '[aria-busy="true"], .mantine-Loader-root, .mantine-Skeleton-root',
      );
      // A public page drawn at build is on screen before the app takes it over (docs/decisions/035).
      const prerendered = document.querySelector('#root[data-prerendered]') !== null;
      return (
        !prerendered &&
        [...document.querySelectorAll('h1')].filter(shown).length === 1 &&
        ![...busy].some(shown)
      );
    },
    undefined,
    { timeout: 20_000 },
  );
  // Mantine's transitions (menus, collapses) take up to 200 ms.
  await page.waitForTimeout(250);
  return (await page.locator('h1').first().innerText()).trim();
}

const slug = (path: string) =>
  path === '/'
    ? 'home'
    : path
        .replace(/^\/app(\/|$)/, '/')
        .slice(1)
        .replace(/\//g, '_') || 'dashboard';

/** Checks the current screen at both widths; returns its findings instead of stopping at one. */
async function checkScreen(
  page: Page,
  language: Language,
  name: string,
  options: { keyboard: boolean; headingIsData?: boolean },
): Promise<string[]> {
  const findings: string[] = [];
  for (const viewport of ['desktop', 'phone'] as const) {
    await page.setViewportSize(viewports[viewport]);
    const title = await settled(page);
    const where = `${name} (${viewport})`;
    // A client's detail is headed by their name, which is data, in whichever script it was typed.
    if (!options.headingIsData && HANGUL.test(title) !== (language === 'ko')) {
      findings.push(`${where}: heading "${title}"`);
    }
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    if (overflow > 0) findings.push(`${where}: overflows by ${overflow}px`);
    if (viewport === 'desktop') {
      for (const table of await cutOffTables(page)) findings.push(`${where}: ${table}`);
    }
    await screenshot(page, `screen-${name}-${language}-${viewport}`);
    for (const violation of await seriousViolations(page)) findings.push(`${where}: ${violation}`);
    if (options.keyboard && viewport === 'desktop') {
      const walk = await keyboardWalk(page);
      if (walk.reached === 0)
        findings.push(`${where}: the Tab key reached none of ${walk.controls} controls`);
      for (const control of walk.unreached) {
        findings.push(`${where}: not reachable with Tab: ${control}`);
      }
    }
  }
  await page.setViewportSize(viewports.desktop);
  return findings;
}

/**
 * Tables wider than the box they scroll in at desktop width: a column the reader must scroll to,
 * or one whose words are clipped ("Start p..."), is cut off. Named by their first header cells.
 */
async function cutOffTables(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('main table')]
      .filter((table) => (table as HTMLElement).offsetParent !== null)
      .flatMap((table) => {
        let box = table.parentElement;
        while (box && box !== document.body) {
          const { overflowX } = getComputedStyle(box);
          if (overflowX === 'auto' || overflowX === 'scroll' || overflowX === 'hidden') break;
          box = box.parentElement;
        }
        const hidden = box && box !== document.body ? box.scrollWidth - box.clientWidth : 0;
        const headers = [...table.querySelectorAll('th')]
          .slice(0, 3)
          .map((cell) => (cell.textContent ?? '').trim())
          .join(' | ');
        const clipped = [...table.querySelectorAll('.mantine-Button-label')]
          .filter((label) => label.scrollWidth > label.clientWidth + 1)
          .map(
            (label) => `button "${(label.textContent ?? '').trim()}" clipped in "${headers}..."`,
          );
        return [
          ...(hidden > 1 ? [`table "${headers}..." cut off by ${hidden}px`] : []),
          ...clipped,
        ];
      }),
  );
}

/**
 * The queues whose rows carry the widest columns and an action button are checked with rows in
 * them, not empty: a deposit in review (Open) and a pending approval (a buy the operator asked to
 * cancel). An empty queue would hide a table wider than the screen. Returns how to leave the
 * approvals queue as it was found.
 */
async function fillOperatorQueues(operator: Page, language: Language) {
  const client = await openSignedIn(browser, baseURL, {
    language,
    user: DEMO_USERS.client,
    path: '/app',
  });
  const buy = await makeBuy(client.page);
  await client.context.close();
  // The buy's amount from someone else: a name that differs waits in review.
  const deposit = await postBankDeposit(baseURL, {
    amountKrw: buy.totalKrw,
    depositorName: '모르는입금자',
  });
  expect(deposit.deposit.status).toBe('review');
  const asked = await callApi<{ approval: { id: string } }>(
    operator,
    'POST',
    `/operator/transactions/${buy.id}/cancel`,
    { reason: 'E2E: every screen with a pending approval' },
  );
  expect(asked.status).toBe(202);
  return async () => {
    const withdrawn = await callApi(
      operator,
      'POST',
      `/approvals/${asked.body.approval.id}/withdraw`,
      {},
    );
    expect(withdrawn.status).toBe(200);
  };
}

/** The first link on the current screen whose path starts with `prefix`, once the list shows. */
async function firstLinkTo(page: Page, prefix: string): Promise<string | undefined> {
  await settled(page);
  const hrefs = await page
    .locator(`main a[href^="${prefix}"]`)
    .evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href') ?? ''));
  return hrefs.find((href) => href.length > prefix.length);
}

const USERS = {
  client: DEMO_USERS.client,
  agency: DEMO_USERS.agency,
  operator: DEMO_USERS.operator,
} as const;

describe.each(['en', 'ko'] as const)('every screen in %s', (language: Language) => {
  // Keyboard reachability does not depend on the language; it is walked once, in English.
  const keyboard = language === 'en';

  it('public pages and the sign-in and sign-up dialogs', async () => {
    const context = await newContext(browser, { language });
    const page = await context.newPage();
    const errors = watchErrors(page);
    const findings: string[] = [];
    for (const path of publicPaths) {
      await page.goto(baseURL + path);
      findings.push(...(await checkScreen(page, language, `public-${slug(path)}`, { keyboard })));
    }
    for (const dialog of ['sign-in', 'sign-up'] as const) {
      await page.goto(`${baseURL}/?auth=${dialog}`);
      const title = text(language, 'auth', dialog === 'sign-in' ? 'signIn.title' : 'signUp.title');
      await page.getByRole('dialog', { name: title }).waitFor();
      findings.push(...(await checkScreen(page, language, dialog, { keyboard })));
    }
    expect(findings).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  }, 240_000);

  it.each(Object.keys(USERS) as (keyof typeof USERS)[])(
    'every screen of the %s user',
    async (role) => {
      const context = await newContext(browser, { language });
      const page = await context.newPage();
      const errors = watchErrors(page);
      await page.goto(`${baseURL}/app`);
      await signIn(page, language, USERS[role].email, USERS[role].password);
      const paths = await sidebarPaths(page);
      expect(paths.length).toBeGreaterThan(5);
      const restore = role === 'operator' ? await fillOperatorQueues(page, language) : null;
      // Screens reached only through the sidebar: each must be in it to be swept.
      if (role === 'operator') {
        expect(paths).toContain('/app/operator/reconciliation');
        expect(paths).toContain('/app/operator/approvals');
      }

      const findings: string[] = [];
      for (const path of paths) {
        await page.goto(baseURL + path);
        findings.push(
          ...(await checkScreen(page, language, `${role}-${slug(path)}`, { keyboard })),
        );
      }

      // The detail screens, opened from their lists as a person would.
      if (role === 'client') {
        await page.goto(`${baseURL}/app/transactions`);
        let detail = await firstLinkTo(page, '/app/transactions/');
        if (!detail) {
          await makeBuyRequest(page);
          await page.reload();
          detail = await firstLinkTo(page, '/app/transactions/');
        }
        expect(detail, 'a transaction to open').toBeDefined();
        await page.goto(baseURL + detail);
        findings.push(
          ...(await checkScreen(page, language, `${role}-transaction-detail`, { keyboard })),
        );
      }
      if (role === 'agency') {
        await page.goto(`${baseURL}/app/clients`);
        const detail = await firstLinkTo(page, '/app/clients/');
        expect(detail, 'a client to open').toBeDefined();
        await page.goto(baseURL + detail);
        findings.push(
          ...(await checkScreen(page, language, 'agency-client-detail', {
            keyboard,
            headingIsData: true,
          })),
        );

        // A client transaction, opened from Client Transactions (one is made if none exists).
        await page.goto(`${baseURL}/app/client-transactions`);
        let transaction = await firstLinkTo(page, '/app/client-transactions/');
        if (!transaction) {
          const client = await openSignedIn(browser, baseURL, {
            language,
            user: DEMO_USERS.client,
            path: '/app',
          });
          await makeBuyRequest(client.page);
          await client.context.close();
          await page.reload();
          transaction = await firstLinkTo(page, '/app/client-transactions/');
        }
        expect(transaction, 'a client transaction to open').toBeDefined();
        await page.goto(baseURL + transaction);
        findings.push(
          ...(await checkScreen(page, language, 'agency-client-transaction-detail', { keyboard })),
        );
      }

      if (role === 'operator') {
        await page.goto(`${baseURL}/app/operator/transactions?queue=all`);
        let detail = await firstLinkTo(page, '/app/operator/transactions/');
        if (!detail) {
          const client = await openSignedIn(browser, baseURL, {
            language,
            user: USERS.client,
            path: '/app',
          });
          await makeBuyRequest(client.page);
          await client.context.close();
          await page.reload();
          detail = await firstLinkTo(page, '/app/operator/transactions/');
        }
        expect(detail, 'a transaction to open').toBeDefined();
        await page.goto(baseURL + detail);
        findings.push(
          ...(await checkScreen(page, language, 'operator-transaction-detail', { keyboard })),
        );

        // A user's page, opened from Users (docs/decisions/021); headed by the user's name.
        await page.goto(
          `${baseURL}/app/operator/users?q=${encodeURIComponent(USERS.client.email)}`,
        );
        const user = await firstLinkTo(page, '/app/operator/users/');
        expect(user, 'a user to open').toBeDefined();
        await page.goto(baseURL + user);
        findings.push(
          ...(await checkScreen(page, language, 'operator-user', {
            keyboard,
            headingIsData: true,
          })),
        );
      }

      await restore?.();
      expect(findings).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    },
    600_000,
  );
});

describe('the phone menu', () => {
  it('opens from the keyboard and its links are reachable with Tab', async () => {
    const context = await newContext(browser, { language: 'en', viewport: 'phone' });
    const page = await context.newPage();
    await page.goto(`${baseURL}/app`);
    await signIn(page, 'en', DEMO_USERS.client.email, DEMO_USERS.client.password);
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await settled(page);
    const openMenu = page.getByRole('button', { name: text('en', 'common', 'actions.openMenu') });
    // Tab until the menu button has focus, then open it with Enter.
    for (
      let step = 0;
      step < 30 && !(await openMenu.evaluate((b) => b === document.activeElement));
      step++
    ) {
      await page.keyboard.press('Tab');
    }
    await expect(openMenu.evaluate((b) => b === document.activeElement)).resolves.toBe(true);
    await page.keyboard.press('Enter');
    const sell = page.locator('#app-navbar').getByRole('link', {
      name: text('en', 'common', 'nav.sell'),
    });
    await sell.waitFor();
    for (
      let step = 0;
      step < 30 && !(await sell.evaluate((a) => a === document.activeElement));
      step++
    ) {
      await page.keyboard.press('Tab');
    }
    await expect(sell.evaluate((a) => a === document.activeElement)).resolves.toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForURL(`${baseURL}/app/sell`);
    await context.close();
  });
});
