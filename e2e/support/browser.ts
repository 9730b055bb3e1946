import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { LANGUAGE_COOKIE } from '@portal/contract/pages';
import { repoRoot } from './portal-server';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}

export const viewports = {
  phone: { width: 375, height: 812 },
  desktop: { width: 1280, height: 800 },
} as const;

export type Language = 'en' | 'ko';

/** A private address no other context of the run is likely to get. */
function randomAddress(): string {
  const byte = () => Math.floor(Math.random() * 254) + 1;
  return `10.${byte()}.${byte()}.${byte()}`;
}

/** A fresh context whose stored language choice is `language` (or none, to follow the browser). */
export async function newContext(
  browser: Browser,
  options: {
    language?: Language;
    locale?: string;
    viewport?: keyof typeof viewports;
    /** Another browser than this Chromium, as its User-Agent names it (a phone's Safari). */
    userAgent?: string;
  } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    locale: options.locale ?? 'en-US',
    ...(options.userAgent ? { userAgent: options.userAgent } : {}),
    viewport: viewports[options.viewport ?? 'desktop'],
    // Each context is a person on their own network, as behind the proxy of a deployment (the
    // portal under test trusts loopback proxies): the per-address sign-in limit then counts one
    // person's attempts, not the whole test run's.
    extraHTTPHeaders: { 'x-forwarded-for': randomAddress() },
  });
  if (options.language) {
    await context.addInitScript((language) => {
      if (!localStorage.getItem('i18nextLng')) localStorage.setItem('i18nextLng', language);
    }, options.language);
    // The web app keeps the choice in a cookie too, for the server to send the public pages
    // already drawn in it (docs/decisions/035): as a person who chose it before has it.
    await context.addCookies(
      ['127.0.0.1', 'localhost'].map((domain) => ({
        name: LANGUAGE_COOKIE,
        value: options.language!,
        domain,
        path: '/',
      })),
    );
  }
  return context;
}

/**
 * Collects uncaught page errors and console errors so a test can assert the page ran cleanly.
 * A 4xx answer the app expects (such as "nobody is signed in") is logged by Chromium as a failed
 * resource load; those are the app's business, not errors of the page.
 */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    const text = message.text();
    if (message.type() === 'error' && !/Failed to load resource.*status of 4\d\d/.test(text)) {
      errors.push(text);
    }
  });
  return errors;
}

export const artifactsDir = join(repoRoot, 'e2e/artifacts');

/**
 * The whole page, or with `{ fullPage: false }` what the screen shows: what sits fixed on it (a
 * toast at the bottom) then appears where a person sees it.
 */
export async function screenshot(page: Page, name: string, { fullPage = true } = {}) {
  mkdirSync(join(artifactsDir, 'screenshots'), { recursive: true });
  await page.screenshot({ path: join(artifactsDir, 'screenshots', `${name}.png`), fullPage });
}

/** The page does not scroll sideways: nothing is wider than the window (375 px included). */
export async function noSideways(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth > window.innerWidth,
  );
  expect(overflow).toBe(false);
}
