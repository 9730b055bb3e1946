import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '@server/lib/zod-routes';
import { BrowserClient, GOOD_PASSWORD, signUpClient, uniqueEmail } from '@test/browser-client';
import { buildTestApp } from '@test/helpers';

let app: App;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

describe('sign-up, sign-in, sign-out', () => {
  it('gives a first visit an anti-forgery cookie and nobody signed in', async () => {
    const browser = new BrowserClient(app);
    const response = await browser.visit();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ user: null });
    expect(browser.cookies.get('XSRF-TOKEN')).toMatch(/^[\w-]{20,}$/);
    const set = response.cookies.find((cookie) => cookie.name === 'portal_anon');
    expect(set?.httpOnly).toBe(true);
  });

  it('signs a new client up and in, then out', async () => {
    const { browser, user, email } = await signUpClient(app);
    expect(user.email).toBe(email);
    const me = await browser.get('/api/auth/me');
    expect(me.json()).toMatchObject({ user: { email, role: 'client', agency: null } });

    const out = await browser.post('/api/auth/sign-out');
    expect(out.statusCode).toBe(204);
    expect((await browser.get('/api/auth/me')).json()).toEqual({ user: null });
  });

  it('signs in with the right password only, with one generic failure', async () => {
    const { email } = await signUpClient(app);
    const browser = new BrowserClient(app);
    await browser.visit();
    const wrong = await browser.post('/api/auth/sign-in', { email, password: 'wrong password!' });
    const unknown = await browser.post('/api/auth/sign-in', {
      email: uniqueEmail('nobody'),
      password: 'wrong password!',
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());

    const right = await browser.post('/api/auth/sign-in', {
      email: email.toUpperCase(),
      password: GOOD_PASSWORD,
    });
    expect(right.statusCode).toBe(200);
    expect(right.json()).toMatchObject({ user: { email } });
  });

  it('refuses a state-changing request without the token or the role header', async () => {
    const browser = new BrowserClient(app);
    await browser.visit();
    const body = { email: uniqueEmail(), password: GOOD_PASSWORD };
    const noToken = await browser.post('/api/auth/sign-in', body, { withoutXsrf: true });
    expect(noToken.statusCode).toBe(403);
    expect(noToken.json().error.code).toBe('CSRF_TOKEN_INVALID');
    const noRole = await browser.post('/api/auth/sign-in', body, { withoutRole: true });
    expect(noRole.statusCode).toBe(403);
    expect(noRole.json().error.code).toBe('DEPLOYMENT_ROLE_MISMATCH');
  });
});
