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

/** Whether a path (without its query string) is one of the web app's pages. */
export function isWebAppPage(path: string): boolean {
  const page = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return (
    Object.values<string>(PUBLIC_PAGES).includes(page) ||
    page === APP_ROOT ||
    page.startsWith(`${APP_ROOT}/`)
  );
}
