import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { LANGUAGE_COOKIE, PAGE_LANGUAGES, PUBLIC_PAGES } from '@portal/contract/pages';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '@server/lib/zod-routes';
import { buildTestApp, makeTempDir } from '../helpers';

const INDEX_HTML =
  '<!doctype html><html><head><title>Portal</title></head><body><div id="root"></div></body></html>';
/** A bundle as the build leaves it: the file, and beside it the same bytes brotli'd and gzipped. */
const BUNDLE = `console.log(${JSON.stringify('portal '.repeat(400))});`;
const BUNDLE_URL = '/assets/index-3f9a1c.js';
const BUNDLE_AS = { br: brotliCompressSync(BUNDLE), gzip: gzipSync(BUNDLE) };

describe('web app with a build', () => {
  let app: App;
  let dist: Awaited<ReturnType<typeof makeTempDir>>;

  beforeAll(async () => {
    dist = await makeTempDir('web-dist');
    await mkdir(join(dist.path, 'assets'));
    await mkdir(join(dist.path, 'locales', 'ko'), { recursive: true });
    await writeFile(join(dist.path, 'index.html'), INDEX_HTML);
    await writeFile(join(dist.path, 'assets', 'index-3f9a1c.js'), BUNDLE);
    await writeFile(join(dist.path, 'assets', 'index-3f9a1c.js.br'), BUNDLE_AS.br);
    await writeFile(join(dist.path, 'assets', 'index-3f9a1c.js.gz'), BUNDLE_AS.gzip);
    await writeFile(join(dist.path, 'locales', 'ko', 'common.json'), '{"hello":"안녕하세요"}');
    app = await buildTestApp({ webDistDir: dist.path, publicUrl: 'https://portal.example' });
  });
  afterAll(async () => {
    await app.close();
    await dist.remove();
  });

  it('serves index.html at / without letting caches keep it', async () => {
    const response = await app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toBe(INDEX_HTML);
  });

  it.each([
    ...Object.values(PUBLIC_PAGES),
    '/about-us/',
    '/terms?lang=ko',
    '/app',
    '/app/transactions/5d9d2f0e',
    '/app/no-such-screen',
  ])('answers the page %s with index.html and 200', async (url) => {
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toBe(INDEX_HTML);
  });

  it.each(['/some/deep/link?tab=2', '/about', '/apps', '/index.php'])(
    'answers the unknown path %s with index.html and 404, for the app to say so',
    async (url) => {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toBe(INDEX_HTML);
    },
  );

  it('serves hashed assets as cacheable forever', async () => {
    const response = await app.inject({ method: 'GET', url: BUNDLE_URL });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe(BUNDLE);
  });

  it.each([
    ['br, gzip, deflate', 'br'],
    ['gzip', 'gzip'],
  ] as const)(
    'sends a bundle asked for with Accept-Encoding %s as its %s file, cacheable forever',
    async (acceptEncoding, encoding) => {
      const response = await app.inject({
        method: 'GET',
        url: BUNDLE_URL,
        headers: { 'accept-encoding': acceptEncoding },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers['vary']).toMatch(/accept-encoding/i);
      expect(response.headers['content-type']).toMatch(/javascript/);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      // The file compressed at build time, as it is: not compressed again for the request.
      expect(response.rawPayload.equals(BUNDLE_AS[encoding])).toBe(true);
    },
  );

  it('sends the bundle as it is to a client that accepts no encoding', async () => {
    const response = await app.inject({
      method: 'GET',
      url: BUNDLE_URL,
      headers: { 'accept-encoding': 'identity' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['vary']).toMatch(/accept-encoding/i);
    expect(response.body).toBe(BUNDLE);
  });

  it('tells crawlers to index the public pages and leave the app and the API alone', async () => {
    const response = await app.inject({ method: 'GET', url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.body.split('\n')).toEqual([
      'User-agent: *',
      'Allow: /',
      'Disallow: /app',
      'Disallow: /api',
      '',
      'Sitemap: https://portal.example/sitemap.xml',
      '',
    ]);
  });

  it('lists every public page once, by its absolute address, in the sitemap', async () => {
    const response = await app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/xml/);
    expect(response.body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const locations = [...response.body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]);
    expect(locations).toEqual([
      'https://portal.example/',
      'https://portal.example/about-us',
      'https://portal.example/faq-home',
      'https://portal.example/terms',
      'https://portal.example/privacy',
    ]);
  });

  it('answers a missing hashed asset with 404, not with the page', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/index-000000.js' });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('<html');
  });

  it('serves translation files as JSON that browsers revalidate', async () => {
    const response = await app.inject({ method: 'GET', url: '/locales/ko/common.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.json()).toEqual({ hello: '안녕하세요' });
  });

  it('sends the security headers with pages', async () => {
    const response = await app.inject({ method: 'GET', url: '/' });
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    // HSTS only in production.
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('still answers unknown API paths with JSON', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/nothing-here',
      headers: { accept: 'text/html' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('NOT_FOUND');
  });

  it('does not serve pages for other methods', async () => {
    const response = await app.inject({ method: 'POST', url: '/about-us', payload: {} });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('NOT_FOUND');
  });
});

describe('web app without a build', () => {
  let app: App;
  afterEach(() => app.close());

  it('still starts, answers the API, and says the web app is not built', async () => {
    app = await buildTestApp();
    const page = await app.inject({ method: 'GET', url: '/about-us' });
    expect(page.statusCode).toBe(503);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('not built');
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
  });
});

describe('security headers in production', () => {
  let app: App;
  afterEach(() => app.close());

  it('adds HSTS', async () => {
    // Production on a database server insists on a configured encryption key.
    app = await buildTestApp({ nodeEnv: 'production', encryptionKey: randomBytes(32) });
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['strict-transport-security']).toBe(
      'max-age=31536000; includeSubDomains',
    );
    expect(response.headers['content-security-policy']).toContain('upgrade-insecure-requests');
  });
});

describe('source maps', () => {
  let dist: Awaited<ReturnType<typeof makeTempDir>>;
  let app: App | undefined;
  beforeAll(async () => {
    dist = await makeTempDir('web-dist-maps');
    await mkdir(join(dist.path, 'assets'));
    await writeFile(join(dist.path, 'index.html'), INDEX_HTML);
    await writeFile(join(dist.path, 'assets', 'index-3f9a1c.js'), 'console.log("portal");');
    await writeFile(join(dist.path, 'assets', 'index-3f9a1c.js.map'), '{"version":3}');
  });
  afterEach(() => app?.close());
  afterAll(() => dist.remove());

  it('are not served in production, where the bundle still is', async () => {
    app = await buildTestApp({
      nodeEnv: 'production',
      encryptionKey: randomBytes(32),
      webDistDir: dist.path,
    });
    const map = await app.inject({ method: 'GET', url: '/assets/index-3f9a1c.js.map' });
    expect(map.statusCode).toBe(404);
    expect(map.body).not.toContain('"version"');
    const script = await app.inject({ method: 'GET', url: '/assets/index-3f9a1c.js' });
    expect(script.statusCode).toBe(200);
  });

  it('are served in development, for the browser’s tools', async () => {
    app = await buildTestApp({ webDistDir: dist.path });
    const map = await app.inject({ method: 'GET', url: '/assets/index-3f9a1c.js.map' });
    expect(map.statusCode).toBe(200);
  });
});

describe('public pages prerendered at build', () => {
  let app: App;
  let dist: Awaited<ReturnType<typeof makeTempDir>>;
  const drawn = (language: string, page: string) =>
    `<!doctype html><html lang="${language}"><body><h1>${page} in ${language}</h1></body></html>`;

  beforeAll(async () => {
    dist = await makeTempDir('web-dist-pages');
    await writeFile(join(dist.path, 'index.html'), INDEX_HTML);
    for (const language of PAGE_LANGUAGES) {
      await mkdir(join(dist.path, 'pages', language), { recursive: true });
      for (const page of Object.keys(PUBLIC_PAGES)) {
        const file = join(dist.path, 'pages', language, `${page}.html`);
        await writeFile(file, drawn(language, page));
        await writeFile(`${file}.br`, brotliCompressSync(drawn(language, page)));
      }
    }
    app = await buildTestApp({ webDistDir: dist.path });
  });
  afterAll(async () => {
    await app.close();
    await dist.remove();
  });

  it.each(Object.entries(PUBLIC_PAGES))(
    'sends %s drawn in the browser’s first language',
    async (page, url) => {
      for (const [acceptLanguage, language] of [
        ['ko-KR,ko;q=0.9,en-US;q=0.8', 'ko'],
        ['en-US,en;q=0.9,ko;q=0.8', 'en'],
        ['ja-JP', 'en'],
        [undefined, 'en'],
      ] as const) {
        const response = await app.inject({
          method: 'GET',
          url,
          headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {},
        });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toMatch(/^text\/html/);
        expect(response.headers['cache-control']).toBe('no-cache');
        expect(response.headers.vary).toBe('Accept-Encoding, Cookie, Accept-Language');
        expect(response.body).toBe(drawn(language, page));
      }
    },
  );

  it('follows the language chosen in the web app, kept in its cookie, over the browser’s', async () => {
    const korean = await app.inject({
      method: 'GET',
      url: '/about-us/',
      headers: { 'accept-language': 'en-US', cookie: `${LANGUAGE_COOKIE}=ko` },
    });
    expect(korean.body).toBe(drawn('ko', 'aboutUs'));
    const english = await app.inject({
      method: 'GET',
      url: '/?auth=sign-in',
      headers: { 'accept-language': 'ko-KR', cookie: `other=1; ${LANGUAGE_COOKIE}=en` },
    });
    expect(english.body).toBe(drawn('en', 'home'));
  });

  it('sends the page compressed as it was at build', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/terms',
      headers: { 'accept-encoding': 'br', 'accept-language': 'ko' },
    });
    expect(response.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(drawn('ko', 'terms'));
  });

  it('keeps the app itself for the signed-in screens and unknown paths', async () => {
    const screen = await app.inject({ method: 'GET', url: '/app/transactions' });
    expect([screen.statusCode, screen.body]).toEqual([200, INDEX_HTML]);
    const unknown = await app.inject({ method: 'GET', url: '/about' });
    expect([unknown.statusCode, unknown.body]).toEqual([404, INDEX_HTML]);
  });
});
