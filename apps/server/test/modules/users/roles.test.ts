import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '@server/lib/zod-routes';
import { createSession } from '@server/modules/auth/sessions';
import { SESSION_COOKIE } from '@server/plugins/app/access';
import { approveAs } from '@test/approvals';
import { BrowserClient, GOOD_PASSWORD, signUpClient, uniqueEmail } from '@test/browser-client';
import { auditTrail, createAgency, createUser, footprint, signedIn, signIn } from '@test/identity';
import { buildAppWithRoutes, concreteUrl, describeRoute, type ApiRoute } from '@test/route-table';

let app: App;
let routes: ApiRoute[];
beforeAll(async () => {
  ({ app, routes } = await buildAppWithRoutes());
  await app.ready();
});
afterAll(() => app.close());

const browserRoutes = () => routes.filter((route) => route.caller === 'browser');

describe('every route checks who is calling', () => {
  it('answers 401 to anonymous callers of every signed-in route', async () => {
    const anonymous = new BrowserClient(app);
    await anonymous.visit();
    const closed = browserRoutes().filter((route) => route.access !== 'public');
    expect(closed.length).toBeGreaterThan(3);
    for (const route of closed) {
      const response = await anonymous.request(route.method as 'GET', concreteUrl(route), {
        body: route.method === 'GET' ? undefined : {},
      });
      expect(response.statusCode, describeRoute(route)).toBe(401);
      expect(response.json().error.code, describeRoute(route)).toBe('UNAUTHENTICATED');
    }
  });

  it.each(['client', 'agency', 'operator'] as const)(
    'answers 403 to a signed-in %s on every route for other roles',
    async (role) => {
      const agency = role === 'agency' ? await createAgency(app) : undefined;
      const { browser } = await signedIn(app, role, agency?.id);
      const forOthers = browserRoutes().filter(
        (route) => Array.isArray(route.access) && !route.access.includes(role),
      );
      // Every role is kept out of something, so a route list that lost its roles shows here.
      expect(forOthers.length, role).toBeGreaterThan(0);
      for (const route of forOthers) {
        const response = await browser.request(route.method as 'GET', concreteUrl(route), {
          body: route.method === 'GET' ? undefined : {},
        });
        expect(response.statusCode, `${role}: ${describeRoute(route)}`).toBe(403);
        expect(response.json().error.code, `${role}: ${describeRoute(route)}`).toBe('FORBIDDEN');
      }
    },
  );

  it.each(['agency', 'operator'] as const)(
    'lets a %s session opened with a password alone in nowhere (two factors are required of staff)',
    async (role) => {
      const agency = role === 'agency' ? await createAgency(app) : undefined;
      const user = await createUser(app, { role, agencyId: agency?.id });
      // As a session from before two-factor sign-in was required of staff.
      const { token } = await createSession(
        app.db,
        user.id,
        { idleMinutes: app.config.sessionIdleMinutes, maxHours: app.config.sessionMaxHours },
        { ip: null, userAgent: null },
      );
      const browser = new BrowserClient(app);
      browser.cookies.set(SESSION_COOKIE, token);
      expect((await browser.visit()).json()).toEqual({ user: null });
      const closed = browserRoutes().filter((route) => route.access !== 'public');
      for (const route of closed) {
        const response = await browser.request(route.method as 'GET', concreteUrl(route), {
          body: route.method === 'GET' ? undefined : {},
        });
        expect(response.statusCode, describeRoute(route)).toBe(401);
      }
    },
  );

  it('keeps operator routes from clients and agencies, and agency routes from the others', () => {
    const listed = (role: string) =>
      browserRoutes()
        .filter((route) => Array.isArray(route.access) && !route.access.includes(role as never))
        .map(describeRoute);
    expect(listed('client')).toEqual(
      expect.arrayContaining([
        'GET /api/operator/audit-events',
        'PUT /api/operator/users/:id/role',
        'GET /api/agency/clients',
      ]),
    );
    expect(listed('agency')).toEqual(
      expect.arrayContaining(['GET /api/operator/users', 'POST /api/operator/rates']),
    );
    expect(listed('operator')).toEqual(
      expect.arrayContaining(['GET /api/agency/clients', 'PUT /api/agency/bank-account']),
    );
  });

  it('refuses every browser route without the role header', async () => {
    const { browser } = await signedIn(app, 'operator');
    for (const route of browserRoutes()) {
      const response = await browser.request(route.method as 'GET', concreteUrl(route), {
        withoutRole: true,
        body: route.method === 'GET' ? undefined : {},
      });
      expect(response.statusCode, describeRoute(route)).toBe(403);
      expect(response.json().error.code, describeRoute(route)).toBe('DEPLOYMENT_ROLE_MISMATCH');
    }
    const other = await browser.get('/api/auth/me', { headers: { 'x-role': 'staging' } });
    expect(other.json().error.code).toBe('DEPLOYMENT_ROLE_MISMATCH');
  });
});

describe('agencies', () => {
  it('show an agency user their agency in /auth/me, and a client the agency they joined', async () => {
    const agency = await createAgency(app, 'Daegu Partners');
    const { browser } = await signedIn(app, 'agency', agency.id);
    expect((await browser.get('/api/auth/me')).json().user).toMatchObject({
      role: 'agency',
      agency: { code: agency.code, name: 'Daegu Partners' },
    });

    const client = await signUpClient(app, { agencyCode: agency.code.toLowerCase() });
    expect((await client.browser.get('/api/auth/me')).json().user).toMatchObject({
      role: 'client',
      agency: { code: agency.code, name: 'Daegu Partners' },
    });
  });

  it('refuses an unknown agency code at sign-up and creates nobody', async () => {
    const browser = new BrowserClient(app);
    await browser.visit();
    const email = uniqueEmail('no-agency');
    const response = await browser.post('/api/auth/sign-up', {
      name: '홍길동',
      email,
      phone: '010-1234-5678',
      password: GOOD_PASSWORD,
      confirmPassword: GOOD_PASSWORD,
      agencyCode: 'NO-SUCH-AGENCY-1',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'AGENCY_CODE_UNKNOWN',
      fields: { agencyCode: 'invalid' },
    });
    expect((await footprint(app, email)).user).toBeNull();
  });
});

describe('PUT /api/operator/users/:id/role', () => {
  const setRole = (browser: BrowserClient, id: string, role: string) =>
    browser.put(`/api/operator/users/${id}/role`, { role });

  it('moves a user between client and operator (made operator once a second operator approves), with immediate effect and an audit event', async () => {
    const operator = await signedIn(app, 'operator');
    const checker = await signedIn(app, 'operator');
    const user = await signedIn(app, 'client');
    expect((await user.browser.get('/api/operator/audit-events')).statusCode).toBe(403);

    // Making someone an operator waits for a second operator (docs/decisions/017).
    const promoted = await setRole(operator.browser, user.id, 'operator');
    expect((await user.browser.get('/api/operator/audit-events')).statusCode).toBe(403);
    const approval = await approveAs(checker.browser, promoted);
    expect((await footprint(app, user.email)).user?.role).toBe('operator');
    // The session opened with a password alone lets an operator in nowhere: signing in again
    // sets up two-factor sign-in first (docs/SECURITY.md "Two-factor sign-in").
    expect((await user.browser.get('/api/operator/audit-events')).statusCode).toBe(401);
    const again = await signIn(app, user.email);
    expect((await again.get('/api/operator/audit-events')).statusCode).toBe(200);

    const demoted = await setRole(operator.browser, user.id, 'client');
    expect(demoted.json().user.role).toBe('client');
    expect((await again.get('/api/operator/audit-events')).statusCode).toBe(403);

    const events = (await auditTrail(app, user.id)).filter((e) => e.action === 'role_changed');
    expect(events.map((e) => e.details)).toEqual([
      {
        from: 'client',
        to: 'operator',
        approval: {
          id: approval.id,
          requestedBy: { id: operator.id, name: expect.any(String) },
          approvedBy: { id: checker.id, name: expect.any(String) },
        },
      },
      { from: 'operator', to: 'client' },
    ]);
    // Made operator by the checker who approved it; the demotion by the operator at once.
    expect(events.map((e) => e.actorUserId)).toEqual([checker.id, operator.id]);
  });

  it('never lets an operator change their own role', async () => {
    const operator = await signedIn(app, 'operator');
    const response = await setRole(operator.browser, operator.id, 'client');
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toMatchObject({
      code: 'FORBIDDEN',
      message: 'You cannot change your own role.',
    });
    expect((await footprint(app, operator.email)).user?.role).toBe('operator');
  });

  it('gives the agency role only to a user of an agency', async () => {
    const operator = await signedIn(app, 'operator');
    const loner = await createUser(app);
    const refused = await setRole(operator.browser, loner.id, 'agency');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ code: 'CONFLICT', fields: { role: 'invalid' } });
    expect((await footprint(app, loner.email)).user?.role).toBe('client');

    const agency = await createAgency(app);
    const member = await createUser(app, { agencyId: agency.id });
    const accepted = await setRole(operator.browser, member.id, 'agency');
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().user).toMatchObject({
      role: 'agency',
      agency: { code: agency.code },
    });
  });

  it('leaves a user already in the role alone, and answers 404 for nobody', async () => {
    const operator = await signedIn(app, 'operator');
    const user = await createUser(app);
    const same = await setRole(operator.browser, user.id, 'client');
    expect(same.statusCode).toBe(200);
    expect((await auditTrail(app, user.id)).map((e) => e.action)).not.toContain('role_changed');
    const nobody = await setRole(operator.browser, crypto.randomUUID(), 'operator');
    expect(nobody.statusCode).toBe(404);
    expect(nobody.json().error.code).toBe('NOT_FOUND');
  });
});
