import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '@server/lib/zod-routes';
import { BrowserClient, GOOD_PASSWORD } from '@test/browser-client';
import { buildTestApp } from '@test/helpers';
import { createUser, replayCookies, sessionsOf, signIn, whoIs } from '@test/identity';
import { KNOWN_DEVICE_COOKIE } from '@server/plugins/app/access';

const SESSION = 'portal_session';

let app: App;
beforeAll(async () => {
  app = await buildTestApp();
  await app.ready();
});
afterAll(() => app.close());

const replay = (cookies: ReadonlyMap<string, string>) => replayCookies(app, cookies);

describe('session cookies', () => {
  it('are HttpOnly, SameSite=Lax, and Secure when configured', async () => {
    const { email } = await createUser(app);
    const browser = new BrowserClient(app);
    await browser.visit();
    const response = await browser.post('/api/auth/sign-in', { email, password: GOOD_PASSWORD });
    const cookie = response.cookies.find((each) => each.name === SESSION);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.secure).toBeFalsy();

    const secureApp = await buildTestApp({ cookieSecure: true });
    try {
      const user = await createUser(secureApp);
      const secure = new BrowserClient(secureApp);
      const visit = await secure.visit();
      const signedIn = await secure.post('/api/auth/sign-in', {
        email: user.email,
        password: GOOD_PASSWORD,
      });
      const cookies = [...visit.cookies, ...signedIn.cookies];
      // Over HTTPS every name carries __Host-: Secure, Path=/ and no Domain, as the prefix asks.
      expect(new Set(cookies.map((each) => each.name))).toEqual(
        new Set([
          '__Host-XSRF-TOKEN',
          '__Host-portal_anon',
          `__Host-${SESSION}`,
          `__Host-${KNOWN_DEVICE_COOKIE}`,
        ]),
      );
      // Only the anti-forgery token is for the page's script to read (a cookie cleared is none).
      for (const each of cookies.filter((cookie) => cookie.value !== '')) {
        expect(each.httpOnly ?? false, each.name).toBe(each.name !== '__Host-XSRF-TOKEN');
      }
      for (const each of cookies) {
        expect(each.secure, each.name).toBe(true);
        expect(each.path, each.name).toBe('/');
        expect(each.domain, each.name).toBeUndefined();
      }
      // The session works under its prefixed name, and a cookie without the prefix (which a
      // sibling subdomain could have set) is no session at all.
      expect(signedIn.statusCode).toBe(200);
      expect((await secure.get('/api/auth/me')).json()).toMatchObject({
        user: { email: user.email },
      });
      const token = secure.cookies.get(`__Host-${SESSION}`)!;
      const planted = new BrowserClient(secureApp);
      await planted.visit();
      planted.cookies.set(SESSION, token);
      expect((await planted.get('/api/auth/me')).json()).toMatchObject({ user: null });
    } finally {
      await secureApp.close();
    }
  });
});

describe('session fixation', () => {
  it('retires the anonymous token at sign-in', async () => {
    const { email } = await createUser(app);
    const browser = new BrowserClient(app);
    await browser.visit();
    const anonymousToken = browser.cookies.get('XSRF-TOKEN');
    const anonymousId = browser.cookies.get('portal_anon');
    expect(anonymousToken && anonymousId).toBeTruthy();

    expect(
      (await browser.post('/api/auth/sign-in', { email, password: GOOD_PASSWORD })).statusCode,
    ).toBe(200);
    expect(browser.cookies.get('XSRF-TOKEN')).not.toBe(anonymousToken);
    expect(browser.cookies.has('portal_anon')).toBe(false);

    const stale = await browser.put(
      '/api/profile',
      { name: '홍길동', email, phone: '010-0000-0000' },
      { headers: { 'x-xsrf-token': anonymousToken ?? '' } },
    );
    expect(stale.statusCode).toBe(403);
    expect(stale.json().error.code).toBe('CSRF_TOKEN_INVALID');

    // Signing out again never brings the old anonymous identity back either.
    expect((await browser.post('/api/auth/sign-out')).statusCode).toBe(204);
    expect(browser.cookies.get('portal_anon')).not.toBe(anonymousId);
    expect(browser.cookies.get('XSRF-TOKEN')).not.toBe(anonymousToken);
  });

  it('never adopts a session cookie planted before sign-in', async () => {
    const victim = await createUser(app);
    const browser = new BrowserClient(app);
    await browser.visit();
    browser.cookies.set(SESSION, 'planted-by-an-attacker-0123456789abcdef');
    await browser.post('/api/auth/sign-in', { email: victim.email, password: GOOD_PASSWORD });
    expect(browser.cookies.get(SESSION)).not.toBe('planted-by-an-attacker-0123456789abcdef');
    expect(await whoIs(browser)).toBe(victim.email);
    expect(
      await whoIs(replay(new Map([[SESSION, 'planted-by-an-attacker-0123456789abcdef']]))),
    ).toBeNull();
  });

  it('never hands the victim’s account to an attacker’s own planted session', async () => {
    const attacker = await createUser(app);
    const victim = await createUser(app);
    const attackerBrowser = await signIn(app, attacker.email);
    const planted = attackerBrowser.cookies.get(SESSION) ?? '';

    const browser = new BrowserClient(app);
    browser.cookies.set(SESSION, planted);
    await browser.visit();
    await browser.post('/api/auth/sign-in', { email: victim.email, password: GOOD_PASSWORD });
    expect(browser.cookies.get(SESSION)).not.toBe(planted);
    expect(await whoIs(browser)).toBe(victim.email);
    // The attacker's copy of the planted cookie opens nothing of the victim's.
    expect(await whoIs(replay(new Map([[SESSION, planted]])))).toBeNull();
  });

  it('gives every sign-in a new session id', async () => {
    const { email, id } = await createUser(app);
    const browser = await signIn(app, email);
    const first = browser.cookies.get(SESSION);
    await browser.post('/api/auth/sign-in', { email, password: GOOD_PASSWORD });
    expect(browser.cookies.get(SESSION)).not.toBe(first);
    expect(await whoIs(replay(new Map([[SESSION, first ?? '']])))).toBeNull();
    expect(await sessionsOf(app, id)).toHaveLength(1);
  });
});

describe('sign-out', () => {
  it('ends the session on the server: a replayed cookie opens nothing', async () => {
    const { email, id } = await createUser(app);
    const browser = await signIn(app, email);
    const copied = new Map(browser.cookies);
    expect(await whoIs(replay(copied))).toBe(email);

    expect((await browser.post('/api/auth/sign-out')).statusCode).toBe(204);
    expect(browser.cookies.has(SESSION)).toBe(false);
    expect(await sessionsOf(app, id)).toHaveLength(0);

    const thief = replay(copied);
    expect(await whoIs(thief)).toBeNull();
    const write = await replay(copied).put('/api/profile', {
      name: '도둑',
      email,
      phone: '010-0000-0000',
    });
    expect(write.statusCode).toBe(401);
  });

  it('tells a browser with a dead session cookie to drop it', async () => {
    const { email } = await createUser(app);
    const browser = await signIn(app, email);
    const copied = new Map(browser.cookies);
    await browser.post('/api/auth/sign-out');
    const response = await replay(copied).get('/api/auth/me');
    const cleared = response.cookies.find((cookie) => cookie.name === SESSION);
    expect(cleared?.value).toBe('');
  });
});
