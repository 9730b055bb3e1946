import { existsSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  isWebAppPage,
  LANGUAGE_COOKIE,
  pageLanguageOf,
  publicPageAt,
  type PageLanguage,
  type PublicPage,
} from '@portal/contract/pages';
import fp from 'fastify-plugin';
import { robotsTxt, sitemapXml } from '@server/lib/crawlers';
import { AppError } from '@server/lib/errors';
import { isApiPath, pathOf, shortened } from '@server/lib/urls';

/** Vite puts content-hashed files here: a new build gives them new names. */
const HASHED_ASSETS = 'assets';
/** The public pages drawn at build time, pages/{language}/{page}.html (docs/decisions/035). */
const PRERENDERED_PAGES = 'pages';

const CACHE_FOREVER = 'public, max-age=31536000, immutable';
/** index.html, locales, favicon: same name across builds, so the browser must revalidate
 * (cheap, with the ETag) to pick up a new build. */
const REVALIDATE = 'no-cache';

/** How long crawlers may keep robots.txt and the sitemap: they change only with a new release. */
const CRAWLER_FILES_CACHE = 'public, max-age=3600';

/**
 * Serves the built web app from WEB_DIST_DIR, and answers every path that matches no route:
 * API paths get a JSON 404, other GETs get index.html so the web app's router can take over
 * (deep links such as /about-us): with 200 for the app's pages, with 404 for any other path, where
 * the app shows its own not-found screen (docs/decisions/028). The build holds every file also
 * compressed (.br, .gz, made by the web app's Vite config), sent as the browser accepts with
 * `Vary: Accept-Encoding`. Without a build the server still starts, for the API and the tests, and
 * says so on every page.
 */
export default fp(
  async (app) => {
    const root = app.config.webDistDir;
    const built = existsSync(join(root, 'index.html'));
    const prerendered = existsSync(join(root, PRERENDERED_PAGES));
    if (built) {
      // Source maps are built for the bundle figures and for reading a reported stack here,
      // not for the public: in production they are not served (docs/SECURITY.md).
      const production = app.config.nodeEnv === 'production';
      await app.register(fastifyStatic, {
        root,
        cacheControl: false,
        // Brotli first, then gzip, then the file itself; the files were compressed at build time
        // at the highest levels, which would be too slow for every request.
        preCompressed: true,
        allowedPath: (pathName) => !(production && pathName.endsWith('.map')),
        setHeaders: (reply, path) => {
          const isHashed = relative(root, path).startsWith(HASHED_ASSETS + sep);
          reply.header('cache-control', isHashed ? CACHE_FOREVER : REVALIDATE);
        },
      });
    } else {
      app.log.warn(
        { webDistDir: root },
        'web app not built: pages answer 503 until it is built and the server restarted',
      );
    }

    // Both depend only on PUBLIC_URL, which is fixed for the life of the process.
    const robots = robotsTxt(app.config.publicUrl);
    const sitemap = sitemapXml(app.config.publicUrl);
    app.get('/robots.txt', async (_request, reply) =>
      reply
        .header('cache-control', CRAWLER_FILES_CACHE)
        .type('text/plain; charset=utf-8')
        .send(robots),
    );
    app.get('/sitemap.xml', async (_request, reply) =>
      reply
        .header('cache-control', CRAWLER_FILES_CACHE)
        .type('application/xml; charset=utf-8')
        .send(sitemap),
    );

    /** A page of the web app, or the app with 404 for any other path that is not a file. */
    const sendPage = (request: FastifyRequest, reply: FastifyReply, path: string) => {
      if (!built) return sendNotBuilt(reply);
      const publicPage = publicPageAt(path);
      if (publicPage && prerendered) {
        const language = pageLanguageOf(
          request.cookies[LANGUAGE_COOKIE],
          request.headers['accept-language'],
        );
        return sendPrerendered(reply, publicPage, language);
      }
      return sendIndex(reply.code(isWebAppPage(path) ? 200 : 404));
    };
    // The static files' wildcard would answer "/" with index.html itself.
    app.get('/', async (request, reply) => sendPage(request, reply, '/'));

    app.setNotFoundHandler(async (request, reply) => {
      const path = pathOf(request.url);
      const isPage = request.method === 'GET' || request.method === 'HEAD';
      if (isApiPath(path) || !isPage) {
        throw new AppError('NOT_FOUND', `No route for ${request.method} ${shortened(path)}.`);
      }
      // A missing hashed file is a stale or mistyped URL: answering with HTML would make the
      // browser report a script syntax error instead of the missing file.
      if (path.startsWith(`/${HASHED_ASSETS}/`)) {
        throw new AppError('NOT_FOUND', 'This file does not exist.');
      }
      return sendPage(request, reply, path);
    });
  },
  { name: 'web-app' },
);

function sendIndex(reply: FastifyReply) {
  return reply.header('cache-control', REVALIDATE).sendFile('index.html');
}

/**
 * A public page already drawn in the visitor's language; which one depends on the language
 * cookie and the browser's languages, so a cache must keep one copy per both.
 */
function sendPrerendered(reply: FastifyReply, page: PublicPage, language: PageLanguage) {
  return reply
    .header('cache-control', REVALIDATE)
    .header('vary', 'Accept-Encoding, Cookie, Accept-Language')
    .sendFile(`${PRERENDERED_PAGES}/${language}/${page}.html`);
}

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Web app not built</title></head>
<body>
<h1>The web app is not built yet</h1>
<p>The server is running and its API answers under /api. To serve the portal, build the web app
with <code>npm run build</code> and restart the server.</p>
</body>
</html>
`;

function sendNotBuilt(reply: FastifyReply) {
  return reply
    .code(503)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(NOT_BUILT_PAGE);
}
