/**
 * The web app's pages as both sides need them: the web router draws them, the server answers them
 * with 200 (anything else that is not a file nor the API gets the app with 404), lists the public
 * ones in /sitemap.xml and opens them to crawlers in /robots.txt (docs/decisions/028). The public
 * pages are exactly those of docs/PRODUCT.md "Screens"; the language is not in the URL (the web app
 * keeps it in the browser), so each page has one address.
 */
export const PUBLIC_PAGES = {
  home: '/',
  aboutUs: '/about-us',
  faqHome: '/faq-home',
  terms: '/terms',
  privacy: '/privacy',
} as const;

/** Every signed-in screen lives under this path; its own router shows "not found" within the app,
 * so the server counts the whole of it as known. */
export const APP_ROOT = '/app';

export type PublicPage = keyof typeof PUBLIC_PAGES;

const withoutTrailingSlash = (path: string) =>
  path.length > 1 ? path.replace(/\/+$/, '') || '/' : path;

/** Whether a path (without its query string) is one of the web app's pages. */
export function isWebAppPage(path: string): boolean {
  const page = withoutTrailingSlash(path);
  return publicPageAt(page) !== null || page === APP_ROOT || page.startsWith(`${APP_ROOT}/`);
}

/** The public page at a path (without its query string), if it is one. */
export function publicPageAt(path: string): PublicPage | null {
  const page = withoutTrailingSlash(path);
  const found = Object.entries(PUBLIC_PAGES).find(([, at]) => at === page);
  return found ? (found[0] as PublicPage) : null;
}

/** The languages of the web app's pages. */
export const PAGE_LANGUAGES = ['en', 'ko'] as const;
export type PageLanguage = (typeof PAGE_LANGUAGES)[number];

/** docs/PRODUCT.md "Constants": anything starting with "ko" is Korean, everything else English. */
export function toPageLanguage(detected: string | undefined | null): PageLanguage {
  return detected?.toLowerCase().startsWith('ko') ? 'ko' : 'en';
}

/**
 * The cookie in which the web app also keeps the language chosen in the browser (it keeps it in
 * local storage), so that the server sends a public page already drawn in it
 * (docs/decisions/035-prerendered-public-pages.md).
 */
export const LANGUAGE_COOKIE = 'lang';

/**
 * The language a prerendered public page is sent in: the one chosen in this browser, else the
 * browser's first language, as the web app itself decides (`Accept-Language` lists the browser's
 * languages in the order of `navigator.languages`).
 */
export function pageLanguageOf(
  chosen: string | undefined,
  acceptLanguage: string | undefined,
): PageLanguage {
  return toPageLanguage(chosen || acceptLanguage?.split(',')[0]?.trim());
}
