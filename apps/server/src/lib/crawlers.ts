import { API_BASE_PATH } from '@portal/contract/http';
import { APP_ROOT, PUBLIC_PAGES } from '@portal/contract/pages';

/**
 * What search engines are told (docs/decisions/028): the public pages are theirs to index, the
 * signed-in screens and the API are not. Addresses are absolute, from PUBLIC_URL, as the sitemap
 * protocol requires. The language is chosen in the browser, not in the URL, so each page is listed
 * once.
 */
export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    `Disallow: ${APP_ROOT}`,
    `Disallow: ${API_BASE_PATH}`,
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

export function sitemapXml(publicUrl: string): string {
  const urls = Object.values(PUBLIC_PAGES).map(
    (page) => `  <url><loc>${escapeXml(publicUrl + page)}</loc></url>`,
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

const XML_ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => XML_ENTITIES[char]!);
}
