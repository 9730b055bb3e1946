import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperatorUser, OperatorUserList } from '@portal/contract/users';
import { auditEvents, users } from '@server/db/schema';
import type { App } from '@server/lib/zod-routes';
import { buildTestApp } from '@test/helpers';
import { createAgency, createUser, sessionsOf, signIn, whoIs } from '@test/identity';
import { marker, person } from '../agency-clients/agency-clients-kit';

let app: App;
let operator: Awaited<ReturnType<typeof person>>;
beforeAll(async () => {
  app = await buildTestApp();
  await app.ready();
  operator = await person(app, 'operator');
});
afterAll(() => app.close());

async function list(query: string) {
  const response = await operator.browser.get(`/api/operator/users${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<OperatorUserList>();
}

describe('GET /api/operator/users', () => {
  it('searches, filters by role and status, and pages exactly', async () => {
    const tag = marker();
    const agency = await createAgency(app, `Agency ${tag}`);
    const made = [];
    for (const [index, role] of (
      ['client', 'client', 'agency', 'client', 'operator'] as const
    ).entries()) {
      made.push(
        await createUser(app, {
          role,
          agencyId: role === 'operator' ? null : agency.id,
          email: `admin-${index}-${tag}@example.test`,
        }),
      );
    }
    // Each a minute newer than the last: the embedded database's clock can repeat a value, and
    // users made in the same instant have no "newest" between them.
    for (const [index, user] of made.entries()) {
      await app.db
        .update(users)
        .set({ createdAt: sql`now() - make_interval(mins => ${made.length - index})` })
        .where(eq(users.id, user.id));
    }
    const all = await list(`?q=${tag}`);
    expect(all.total).toBe(5);
    expect(all.items.map((user) => user.id)).toEqual(made.map((user) => user.id).reverse());
    expect(all.items[0]).toEqual<OperatorUser>({
      id: made[4]!.id,
      name: '홍길동',
      email: made[4]!.email,
      phone: '010-1234-5678',
      role: 'operator',
      status: 'active',
      agency: null,
      emailVerified: true,
      joinedAt: expect.any(String),
    });
    expect(all.items.find((user) => user.role === 'agency')?.agency).toEqual({
      code: agency.code,
      name: agency.name,
    });

    expect((await list(`?q=${tag}&role=client`)).items.map((user) => user.id)).toEqual([
      made[3]!.id,
      made[1]!.id,
      made[0]!.id,
    ]);
    const pages = [];
    for (const page of [1, 2]) {
      const result = await list(`?q=${tag}&role=client&page=${page}&pageSize=2`);
      expect(result.total).toBe(3);
      pages.push(...result.items.map((user) => user.id));
    }
    expect(pages).toEqual([made[3]!.id, made[1]!.id, made[0]!.id]);

    await operator.browser.put(`/api/operator/users/${made[1]!.id}/status`, { status: 'disabled' });
    expect((await list(`?q=${tag}&status=disabled`)).items.map((user) => user.id)).toEqual([
      made[1]!.id,
    ]);
    expect((await list(`?q=${tag}&status=active`)).total).toBe(4);
    expect((await list(`?q=${encodeURIComponent(`admin-2-${tag}`)}`)).items).toHaveLength(1);
    expect((await list(`?q=${encodeURIComponent(`_-${tag}`)}`)).total).toBe(0);
  });

  it('refuses unknown filters', async () => {
    for (const query of ['?role=admin', '?status=gone', '?page=0', '?sort=email']) {
      expect((await operator.browser.get(`/api/operator/users${query}`)).statusCode, query).toBe(
        400,
      );
    }
  });
});

describe('PUT /api/operator/users/:id/status', () => {
  it('disabling ends the user’s sessions at once; enabling lets them back in', async () => {
    const target = await createUser(app);
    const first = await signIn(app, target.email);
    const second = await signIn(app, target.email);
    expect(await sessionsOf(app, target.id)).toHaveLength(2);

    const response = await operator.browser.put(`/api/operator/users/${target.id}/status`, {
      status: 'disabled',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().user).toMatchObject({ id: target.id, status: 'disabled' });
    expect(await sessionsOf(app, target.id)).toHaveLength(0);
    expect(await whoIs(first)).toBeNull();
    expect((await second.get('/api/accounts')).statusCode).toBe(401);
    await expect(signIn(app, target.email)).rejects.toThrow(/ACCOUNT_DISABLED/);

    const events = await app.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.subjectUserId, target.id));
    expect(events.find((event) => event.action === 'status_changed')).toMatchObject({
      actorUserId: operator.id,
      details: { from: 'active', to: 'disabled', sessionsEnded: 2 },
    });

    // The same status again changes and records nothing.
    await operator.browser.put(`/api/operator/users/${target.id}/status`, { status: 'disabled' });
    const again = await app.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.subjectUserId, target.id));
    expect(again.filter((event) => event.action === 'status_changed')).toHaveLength(1);

    const enabled = await operator.browser.put(`/api/operator/users/${target.id}/status`, {
      status: 'active',
    });
    expect(enabled.json().user.status).toBe('active');
    expect(await whoIs(await signIn(app, target.email))).toBe(target.email);
  });

  it('an operator cannot disable themself', async () => {
    const response = await operator.browser.put(`/api/operator/users/${operator.id}/status`, {
      status: 'disabled',
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('FORBIDDEN');
    expect(await sessionsOf(app, operator.id)).toHaveLength(1);
    expect((await operator.browser.get('/api/operator/users?pageSize=1')).statusCode).toBe(200);
  });

  it('is not found for an unknown user and refused to anyone but operators', async () => {
    const missing = await operator.browser.put(
      '/api/operator/users/7c9e6679-7425-40de-944b-e07fc1f90ae7/status',
      { status: 'disabled' },
    );
    expect(missing.statusCode).toBe(404);
    const target = await createUser(app);
    const agent = await person(app, 'agency', (await createAgency(app)).id);
    const client = await person(app, 'client');
    for (const browser of [agent.browser, client.browser]) {
      expect(
        (await browser.put(`/api/operator/users/${target.id}/status`, { status: 'disabled' }))
          .statusCode,
      ).toBe(403);
      expect((await browser.get('/api/operator/users')).statusCode).toBe(403);
    }
    const bad = await operator.browser.put(`/api/operator/users/${target.id}/status`, {
      status: 'deleted',
    });
    expect(bad.statusCode).toBe(400);
  });
});
