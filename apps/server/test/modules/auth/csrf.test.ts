import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTemplatePglite } from '@test/pglite-template';
import { sql } from 'drizzle-orm';
import type { App } from '@server/lib/zod-routes';
import {
  SIGNATURE_HEADER,
  TIMESTAMP_HEADER,
  signBankNotification,
} from '@server/modules/deposits/webhook-signature';
import { BrowserClient } from '@test/browser-client';
import { footprint, signedIn } from '@test/identity';
import {
  buildAppWithRoutes,
  concreteUrl,
  describeRoute,
  isStateChanging,
  type ApiRoute,
} from '@test/route-table';

let app: App;
let routes: ApiRoute[];
beforeAll(async () => {
  ({ app, routes } = await buildAppWithRoutes());
  await app.ready();
});
afterAll(() => app.close());

const browserRoutes = () =>
  routes.filter((route) => isStateChanging(route) && route.caller === 'browser');

describe('the route table', () => {
  it('lists the state-changing routes this file must cover', () => {
    const listed = browserRoutes().map(describeRoute);
    for (const expected of [
      'POST /api/auth/sign-up',
      'POST /api/auth/sign-in',
      'POST /api/auth/sign-out',
      'PUT /api/profile',
      'POST /api/profile/password',
      'PUT /api/operator/users/:id/role',
    ]) {
      expect(listed).toContain(expected);
    }
  });
});

describe('the route table', () => {
  it('gives every route one of the protections tested here', () => {
    for (const route of routes) {
      // Probes (health checks) only read; anything that changes state is either a browser
      // route (token and same-site checks) or a machine route (its own signature).
      if (route.caller === 'probe') expect(route.method, describeRoute(route)).toBe('GET');
      if (isStateChanging(route)) {
        expect(['browser', 'machine'], describeRoute(route)).toContain(route.caller);
      }
      if (route.caller === 'machine') {
        expect(Object.keys(MACHINE_SIGNERS), `${describeRoute(route)}: add its signer`).toContain(
          describeRoute(route),
        );
      }
    }
  });
});

describe('every state-changing browser route refuses forged requests', () => {
  it('without the token, with a wrong one, or with another session’s', async () => {
    const me = await signedIn(app, 'operator');
    const other = await signedIn(app, 'operator');
    const otherToken = other.browser.cookies.get('XSRF-TOKEN');
    const myToken = me.browser.cookies.get('XSRF-TOKEN');
    expect(otherToken && myToken && otherToken !== myToken).toBe(true);
    const before = await footprint(app, me.email);

    for (const route of browserRoutes()) {
      const url = concreteUrl(route);
      const method = route.method as 'POST';
      const attempts = {
        missing: await me.browser.request(method, url, { body: {}, withoutXsrf: true }),
        wrong: await me.browser.request(method, url, {
          body: {},
          headers: { 'x-xsrf-token': `${myToken}x` },
        }),
        'another session’s': await me.browser.request(method, url, {
          body: {},
          headers: { 'x-xsrf-token': otherToken ?? '' },
        }),
      };
      for (const [kind, response] of Object.entries(attempts)) {
        expect(response.statusCode, `${describeRoute(route)}: ${kind}`).toBe(403);
        expect(response.json().error.code, `${describeRoute(route)}: ${kind}`).toBe(
          'CSRF_TOKEN_INVALID',
        );
      }
    }
    // Nothing happened: still signed in, nothing written about this user.
    expect((await me.browser.get('/api/auth/me')).json().user.email).toBe(me.email);
    expect(await footprint(app, me.email)).toEqual(before);
  });

  it('from another site, even with the right token', async () => {
    const me = await signedIn(app, 'operator');
    const before = await footprint(app, me.email);
    for (const route of browserRoutes()) {
      const url = concreteUrl(route);
      const method = route.method as 'POST';
      const attempts = {
        'a foreign Origin': { origin: 'https://evil.example' },
        'an opaque Origin': { origin: 'null' },
        'a look-alike host': { origin: 'http://localhost.evil.example' },
        'another port': { origin: 'http://localhost:8080' },
        'a user-info trick': { origin: 'http://localhost:80@evil.example' },
        'an unreadable Origin': { origin: 'not a url' },
        'Sec-Fetch-Site cross-site': { 'sec-fetch-site': 'cross-site' },
        'Sec-Fetch-Site same-site': { 'sec-fetch-site': 'same-site' },
      };
      for (const [kind, headers] of Object.entries(attempts)) {
        const response = await me.browser.request(method, url, { body: {}, headers });
        expect(response.statusCode, `${describeRoute(route)}: ${kind}`).toBe(403);
        expect(response.json().error.code, `${describeRoute(route)}: ${kind}`).toBe(
          'CROSS_SITE_REQUEST',
        );
      }
    }
    expect((await me.browser.get('/api/auth/me')).json().user.email).toBe(me.email);
    expect(await footprint(app, me.email)).toEqual(before);
  });

  it('accepts a same-origin request that carries the token', async () => {
    const me = await signedIn(app);
    const response = await me.browser.put(
      '/api/profile',
      { name: '홍길동', email: me.email, phone: '010-9999-0000' },
      { headers: { origin: 'http://localhost:80', 'sec-fetch-site': 'same-origin' } },
    );
    expect(response.statusCode).toBe(200);
  });

  it('before sign-in, with another visitor’s token', async () => {
    const visitor = new BrowserClient(app);
    const stranger = new BrowserClient(app);
    await visitor.visit();
    await stranger.visit();
    const publicRoutes = browserRoutes().filter((route) => route.access === 'public');
    expect(publicRoutes.length).toBeGreaterThan(0);
    for (const route of publicRoutes) {
      const response = await visitor.request(route.method as 'POST', concreteUrl(route), {
        body: {},
        headers: { 'x-xsrf-token': stranger.cookies.get('XSRF-TOKEN') ?? '' },
      });
      expect(response.statusCode, describeRoute(route)).toBe(403);
      expect(response.json().error.code, describeRoute(route)).toBe('CSRF_TOKEN_INVALID');
    }
  });
});

/**
 * How each machine route is signed, so the test below can forge and break signatures. A new
 * machine route must be added here (the route table test above insists).
 */
const WEBHOOK_SECRET = 'csrf-test-webhook-secret-0123456789abcdef';
const MACHINE_SIGNERS: Readonly<
  Record<string, (secret: string, body: string, timestamp: number) => Record<string, string>>
> = {
  'POST /api/bank/deposits': (secret, body, timestamp) => ({
    [TIMESTAMP_HEADER]: String(timestamp),
    [SIGNATURE_HEADER]: signBankNotification(secret, timestamp, body),
  }),
};
const SIGNATURE_CODES = ['WEBHOOK_SIGNATURE_INVALID', 'WEBHOOK_TIMESTAMP_STALE'];

describe('every machine route refuses a bad signature', () => {
  it('unsigned, signed with another secret, tampered with, or stale; and accepts its own', async () => {
    // A database of its own, so that "nothing was written" can be checked table by table.
    const { app: own, routes: ownRoutes } = await buildAppWithRoutes(
      { bankWebhookSecret: WEBHOOK_SECRET },
      { database: await openTemplatePglite() },
    );
    await own.ready();
    try {
      const machineRoutes = ownRoutes.filter((route) => route.caller === 'machine');
      expect(machineRoutes.length).toBeGreaterThan(0);
      const before = await snapshot(own);
      for (const route of machineRoutes) {
        const sign = MACHINE_SIGNERS[describeRoute(route)]!;
        const body = JSON.stringify({
          bankReference: `CSRF-${randomUUID().slice(0, 8)}`,
          depositorName: '홍길동',
          amountKrw: '10000',
          receivedAt: new Date().toISOString(),
        });
        const now = Math.floor(Date.now() / 1000);
        const post = (payload: string, headers: Record<string, string>) =>
          own.inject({
            method: route.method as 'POST',
            url: concreteUrl(route),
            headers: { 'content-type': 'application/json', ...headers },
            payload,
          });
        const attempts = {
          unsigned: await post(body, {}),
          'another secret': await post(body, sign(`${WEBHOOK_SECRET}-not`, body, now)),
          'a tampered body': await post(
            body.replace('10000', '99999'),
            sign(WEBHOOK_SECRET, body, now),
          ),
          'a stale timestamp': await post(body, sign(WEBHOOK_SECRET, body, now - 3600)),
          'a truncated signature': await post(body, {
            ...sign(WEBHOOK_SECRET, body, now),
            [SIGNATURE_HEADER]: sign(WEBHOOK_SECRET, body, now)[SIGNATURE_HEADER]!.slice(0, -1),
          }),
        };
        for (const [kind, response] of Object.entries(attempts)) {
          expect(response.statusCode, `${describeRoute(route)}: ${kind}`).toBe(401);
          expect(SIGNATURE_CODES, `${describeRoute(route)}: ${kind}`).toContain(
            response.json().error.code,
          );
        }
        expect(await snapshot(own), describeRoute(route)).toEqual(before);
        // The signer above is right: a correct signature gets past the check.
        const signed = await post(body, sign(WEBHOOK_SECRET, body, now));
        expect(signed.statusCode, `${describeRoute(route)}: ${signed.body}`).toBeLessThan(300);
      }
    } finally {
      await own.close();
    }
  });
});

describe('GET routes', () => {
  it('change nothing in the database, whoever calls them', async () => {
    // A database of its own, so that other test files' writes cannot show up as changes.
    const { app: own, routes: ownRoutes } = await buildAppWithRoutes(
      {},
      { database: await openTemplatePglite() },
    );
    await own.ready();
    try {
      const callers = [
        new BrowserClient(own),
        (await signedIn(own, 'client')).browser,
        (await signedIn(own, 'operator')).browser,
      ];
      // The live event stream never ends by itself; it only reads (money/live.test.ts).
      const gets = ownRoutes.filter(
        (route) => route.method === 'GET' && route.url !== '/api/events',
      );
      expect(gets.length).toBeGreaterThan(2);
      for (const caller of callers) await caller.visit();
      const before = await snapshot(own);
      for (const caller of callers) {
        for (const route of gets) {
          await caller.get(concreteUrl(route));
          expect(await snapshot(own), describeRoute(route)).toEqual(before);
        }
      }
    } finally {
      await own.close();
    }
  });
});

/** Every row of every table, but the sessions' activity time, which reads may refresh. */
async function snapshot(target: App): Promise<Record<string, string[]>> {
  const tables = await target.db.execute<{ name: string }>(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' order by 1`,
  );
  const result: Record<string, string[]> = {};
  for (const { name } of tables.rows) {
    const rows = await target.db.execute<Record<string, unknown>>(
      sql`select * from ${sql.identifier(name)}`,
    );
    result[name] = rows.rows
      .map(({ last_seen_at: _activity, ...row }) => JSON.stringify(row))
      .sort();
  }
  return result;
}
