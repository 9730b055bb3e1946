import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@server/config';
import type { App } from '@server/lib/zod-routes';
import { cookieNamesFor } from '@server/plugins/app/access';
import { BrowserClient } from '@test/browser-client';
import { buildTestApp, makeTempDir, testConfig } from '@test/helpers';
import { createUser } from '@test/identity';

/**
 * The security headers on every kind of response (pages, API answers, static
 * files, errors of every origin), in production and in development, and the attributes of every
 * cookie the portal sets.
 */
const INDEX_HTML = '<!doctype html><html><head></head><body><div id="root"></div></body></html>';

/** Every kind of response the server gives, with how to ask for it. */
const RESPONSES: Readonly<
  Record<string, { method: 'GET' | 'POST'; url: string; payload?: string }>
> = {
  'the home page': { method: 'GET', url: '/' },
  'a deep link (SPA fallback)': { method: 'GET', url: '/app/transactions?q=x' },
  'a hashed asset': { method: 'GET', url: '/assets/index-3f9a1c.js' },
  'a translation file': { method: 'GET', url: '/locales/ko/common.json' },
  'a missing asset (404)': { method: 'GET', url: '/assets/missing-000000.js' },
  'an API answer': { method: 'GET', url: '/api/health' },
  'an API answer to a visitor': { method: 'GET', url: '/api/auth/me' },
  'an API refusal (401)': { method: 'GET', url: '/api/accounts' },
  'an unknown API path (404)': { method: 'GET', url: '/api/nothing-here' },
  'a POST to a page (404)': { method: 'POST', url: '/about-us', payload: '{}' },
  'malformed JSON (400)': { method: 'POST', url: '/api/auth/sign-in', payload: '{"a":' },
  'a URL the router refuses (400)': { method: 'GET', url: '/api/transactions/%zz' },
  'a body over the limit (413)': {
    method: 'POST',
    url: '/api/auth/sign-in',
    payload: JSON.stringify({ padding: 'x'.repeat(1_100_000) }),
  },
};

async function webBuild() {
  const dist = await makeTempDir('headers-dist');
  await mkdir(join(dist.path, 'assets'));
  await mkdir(join(dist.path, 'locales', 'ko'), { recursive: true });
  await writeFile(join(dist.path, 'index.html'), INDEX_HTML);
  await writeFile(join(dist.path, 'assets', 'index-3f9a1c.js'), 'console.log("portal");');
  await writeFile(join(dist.path, 'locales', 'ko', 'common.json'), '{}');
  return dist;
}

function request(app: App, kind: string): Promise<LightMyRequestResponse> {
  const { method, url, payload } = RESPONSES[kind]!;
  return app.inject({
    method,
    url,
    headers: { 'x-role': 'production', ...(payload ? { 'content-type': 'application/json' } : {}) },
    ...(payload ? { payload } : {}),
  });
}

/** The CSP's directives by name. */
function policy(response: LightMyRequestResponse): Map<string, string[]> {
  const header = String(response.headers['content-security-policy'] ?? '');
  return new Map(
    header
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name!, values]),
  );
}

function expectBaseline(response: LightMyRequestResponse, kind: string) {
  const csp = policy(response);
  expect(csp.get('default-src'), kind).toEqual(["'self'"]);
  // No inline or evaluated script: an injected <script> or onerror= cannot run.
  expect(csp.get('script-src'), kind).toEqual(["'self'"]);
  expect(csp.get('object-src'), kind).toEqual(["'none'"]);
  expect(csp.get('base-uri'), kind).toEqual(["'none'"]);
  expect(csp.get('frame-ancestors'), kind).toEqual(["'none'"]);
  expect(csp.get('form-action'), kind).toEqual(["'self'"]);
  expect(csp.get('script-src-attr'), kind).toEqual(["'none'"]);
  expect(response.headers['x-content-type-options'], kind).toBe('nosniff');
  expect(response.headers['referrer-policy'], kind).toBe('no-referrer');
  expect(response.headers['x-frame-options'], kind).toBe('DENY');
  expect(response.headers['cross-origin-opener-policy'], kind).toBe('same-origin');
  expect(response.headers['x-powered-by'], kind).toBeUndefined();
}

interface ParsedCookie {
  name: string;
  value: string;
  httpOnly?: boolean;
  secure?: boolean;
  sameSite?: string;
  path?: string;
}

describe.each([
  { env: 'development', production: false },
  { env: 'production', production: true },
])('in $env', ({ env, production }) => {
  let app: App;
  let dist: Awaited<ReturnType<typeof webBuild>>;

  beforeAll(async () => {
    dist = await webBuild();
    // The whole configuration as that environment loads it, so defaults derived from NODE_ENV
    // (Secure cookies) are the real ones.
    const loaded = loadConfig({
      ...process.env,
      NODE_ENV: env,
      ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    });
    const base = testConfig();
    app = await buildTestApp({
      ...base,
      nodeEnv: loaded.nodeEnv,
      cookieSecure: loaded.cookieSecure,
      encryptionKey: loaded.encryptionKey,
      webDistDir: dist.path,
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await dist.remove();
  });

  it.each(Object.keys(RESPONSES))('sends the security headers with %s', async (kind) => {
    const response = await request(app, kind);
    expectBaseline(response, kind);
    if (production) {
      expect(response.headers['strict-transport-security'], kind).toBe(
        'max-age=31536000; includeSubDomains',
      );
      expect(policy(response).has('upgrade-insecure-requests'), kind).toBe(true);
    } else {
      // On a laptop over plain http, HSTS would pin localhost to https for a year.
      expect(response.headers['strict-transport-security'], kind).toBeUndefined();
    }
  });

  it('sets each cookie with the attributes it needs', async () => {
    const user = await createUser(app);
    const browser = new BrowserClient(app);
    const visit = await browser.visit();
    const signIn = await browser.post('/api/auth/sign-in', {
      email: user.email,
      password: user.password,
    });
    expect(signIn.statusCode).toBe(200);
    const cookies = [...visit.cookies, ...signIn.cookies] as ParsedCookie[];
    // The last value set (a cookie being cleared, such as the anonymous id at sign-in, carries
    // no value and expires at once; its attributes protect nothing).
    const last = (name: string) =>
      cookies.filter((cookie) => cookie.name === name && cookie.value !== '').at(-1);

    // Over HTTPS (production) the names carry the __Host- prefix.
    const names = cookieNamesFor(production);
    const session = last(names.session);
    const anonymous = last(names.anonymous);
    const xsrf = last(names.xsrf);
    expect(session && anonymous && xsrf).toBeTruthy();
    // Session and anonymous id: never readable by scripts.
    for (const cookie of [session!, anonymous!]) {
      expect(cookie.httpOnly, cookie.name).toBe(true);
      expect(cookie.sameSite, cookie.name).toBe('Lax');
      expect(cookie.path, cookie.name).toBe('/');
      expect(Boolean(cookie.secure), cookie.name).toBe(production);
    }
    // The anti-forgery token: the web client must read it to echo it in X-XSRF-TOKEN.
    expect(Boolean(xsrf!.httpOnly)).toBe(false);
    expect(xsrf!.sameSite).toBe('Lax');
    expect(Boolean(xsrf!.secure)).toBe(production);
  });
});
