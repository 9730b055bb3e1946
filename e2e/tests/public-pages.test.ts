import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  launchBrowser,
  newContext,
  screenshot,
  watchErrors,
  type Language,
} from '../support/browser';
import { translation } from '../support/locales';

const baseURL = inject('baseURL');
const publicRoutes = ['/', '/about-us', '/faq-home', '/terms', '/privacy'] as const;
const HANGUL = /[\uAC00-\uD7A3]/;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** The page's one heading, once the app has taken the page drawn at build over (decision 035). */
async function heading(page: Page, { app = true } = {}): Promise<string> {
  if (app) await page.locator('#root:not([data-prerendered])').waitFor({ state: 'attached' });
  const h1 = page.locator('h1');
  await h1.first().waitFor();
  expect(await h1.count()).toBe(1);
  return (await h1.innerText()).trim();
}

const slug = (path: string) => (path === '/' ? 'home' : path.slice(1).replaceAll('/', '_'));

describe.each(['en', 'ko'] as const)('public pages in %s', (language: Language) => {
  it.each(['phone', 'desktop'] as const)('render every route at %s width', async (viewport) => {
    const context = await newContext(browser, { language, viewport });
    const page = await context.newPage();
    const errors = watchErrors(page);
    for (const path of publicRoutes) {
      await page.goto(baseURL + path);
      const title = await heading(page);
      expect(HANGUL.test(title), `${path}: "${title}"`).toBe(language === 'ko');
      expect(await page.locator('html').getAttribute('lang')).toBe(language);
      // Nothing may stick out sideways on a phone.
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow, `${path} overflows by ${overflow}px`).toBeLessThanOrEqual(0);
      await screenshot(page, `public-${slug(path)}-${language}-${viewport}`);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the not-found page with a way back for an unknown path', async () => {
    const context = await newContext(browser, { language });
    const page = await context.newPage();
    for (const path of ['/no-such-page', '/about-us/deeper', '/app/no-such-screen']) {
      await page.goto(baseURL + path);
      expect(await heading(page)).toBe(translation(language, 'errors', 'notFound.title'));
      const back = page.getByRole('link', {
        name: translation(language, 'errors', 'notFound.home'),
      });
      await back.click();
      await page.waitForURL(`${baseURL}/`);
      expect(HANGUL.test(await heading(page))).toBe(language === 'ko');
    }
    await context.close();
  });
});

describe.each(['en', 'ko'] as const)('public pages drawn at build, in %s', (language) => {
  it('are on screen before any script runs, in the visitor’s language', async () => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      locale: language === 'ko' ? 'ko-KR' : 'en-US',
    });
    const page = await context.newPage();
    for (const path of publicRoutes) {
      await page.goto(baseURL + path);
      const title = await heading(page, { app: false });
      expect(HANGUL.test(title), `${path}: "${title}"`).toBe(language === 'ko');
      expect(await page.locator('html').getAttribute('lang')).toBe(language);
      expect(await page.title()).toContain(translation(language, 'common', 'brand.name'));
      expect(await page.title()).not.toBe(translation(language, 'common', 'brand.name'));
      await screenshot(page, `prerendered-${slug(path)}-${language}`);
    }
    await context.close();
  });

  it('are taken over by the app in place: the same page, live, with no error', async () => {
    const context = await newContext(browser, { language, viewport: 'desktop' });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${baseURL}/faq-home`);
    const drawn = await heading(page);
    // The app has taken over once its router answers a click without loading a page.
    await page.evaluate(() => Object.assign(window, { samePage: true }));
    await page
      .getByRole('navigation')
      .first()
      .getByRole('link', { name: translation(language, 'common', 'nav.aboutUs') })
      .click();
    await page.waitForURL(`${baseURL}/about-us`);
    // The address changes at once; the next page's heading once its code is in.
    const about = translation(language, 'about', 'title');
    await page.locator('h1', { hasText: about }).waitFor();
    expect(await page.evaluate(() => 'samePage' in window)).toBe(true);
    await page.goBack();
    await page.locator('h1', { hasText: drawn }).waitFor();
    expect(await heading(page)).toBe(drawn);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('language choice', () => {
  it('follows the switch in <html lang> and survives a reload', async () => {
    const context = await newContext(browser, { locale: 'en-US' });
    const page = await context.newPage();
    await page.goto(`${baseURL}/about-us`);
    expect(HANGUL.test(await heading(page))).toBe(false);
    expect(await page.locator('html').getAttribute('lang')).toBe('en');

    const banner = page.getByRole('banner');
    await banner.getByText('한국어', { exact: true }).click();
    await page.waitForFunction(() => document.documentElement.lang === 'ko');
    expect(HANGUL.test(await heading(page))).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('ko');
    // Kept for the server too, which then sends the pages drawn in Korean.
    const cookies = await context.cookies(baseURL);
    expect(cookies.find((cookie) => cookie.name === 'lang')?.value).toBe('ko');

    await page.reload();
    expect(HANGUL.test(await heading(page))).toBe(true);
    expect(await page.locator('html').getAttribute('lang')).toBe('ko');

    await banner.getByText('English', { exact: true }).click();
    await page.waitForFunction(() => document.documentElement.lang === 'en');
    await page.reload();
    expect(HANGUL.test(await heading(page))).toBe(false);
    await context.close();
  });

  it.each([
    ['ko-KR', 'ko'],
    ['en-US', 'en'],
    ['fr-FR', 'en'],
  ])('with nothing stored, a %s browser gets %s', async (locale, expected) => {
    const context = await newContext(browser, { locale });
    const page = await context.newPage();
    await page.goto(baseURL);
    await heading(page);
    expect(await page.locator('html').getAttribute('lang')).toBe(expected);
    await context.close();
  });
});
