import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEvent } from '@portal/contract/audit';
import { koreaDay } from '@portal/contract/korea-time';
import { auditEvents } from '@server/db/schema';
import type { App } from '@server/lib/zod-routes';
import { BrowserClient, GOOD_PASSWORD } from '@test/browser-client';
import { buildTestApp } from '@test/helpers';
import { createUser, signedIn, signIn } from '@test/identity';

let app: App;
let operator: BrowserClient;
beforeAll(async () => {
  app = await buildTestApp();
  operator = (await signedIn(app, 'operator')).browser;
});
afterAll(() => app.close());

async function list(query: Record<string, string | number>) {
  const search = new URLSearchParams(
    Object.entries(query).map(([name, value]): [string, string] => [name, String(value)]),
  );
  return operator.get(`/api/operator/audit-events?${search}`);
}

async function items(query: Record<string, string | number>): Promise<AuditEvent[]> {
  const response = await list(query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().items;
}

/** A user who signed up, failed once, signed in, changed profile and password, signed out. */
async function busyUser() {
  const user = await createUser(app);
  const browser = new BrowserClient(app);
  await browser.visit();
  await browser.post('/api/auth/sign-in', { email: user.email, password: 'wrong password!' });
  await browser.post('/api/auth/sign-in', { email: user.email, password: GOOD_PASSWORD });
  await browser.put('/api/profile', { name: '홍길동', email: user.email, phone: '010-7777-8888' });
  await browser.post('/api/profile/password', {
    currentPassword: GOOD_PASSWORD,
    password: 'the next passphrase',
    confirmPassword: 'the next passphrase',
  });
  await browser.post('/api/auth/sign-out');
  return user;
}

describe('GET /api/operator/audit-events', () => {
  it('lists a user’s security events, newest first', async () => {
    const user = await busyUser();
    const events = await items({ userId: user.id });
    expect(events.map((event) => event.action)).toEqual([
      'sign_out',
      'password_changed',
      'profile_changed',
      'sign_in',
      'sign_in_failed',
    ]);
    const [signOut] = events;
    expect(signOut).toEqual({
      id: expect.any(String),
      seq: expect.any(Number),
      occurredAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      action: 'sign_out',
      actorUserId: user.id,
      subjectUserId: user.id,
      actorEmail: user.email,
      subjectEmail: user.email,
      ip: expect.stringMatching(/^10\./),
      objectType: null,
      objectId: null,
      details: {},
      hash: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    // Later events come later in the chain.
    expect(events[0]!.seq).toBeGreaterThan(events.at(-1)!.seq);
    // Nothing secret is ever kept.
    expect(JSON.stringify(events)).not.toMatch(/passphrase|wrong password|correct horse/);
  });

  it('filters by action and by time', async () => {
    const user = await busyUser();
    const failures = await items({ userId: user.id, action: 'sign_in_failed' });
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatchObject({ subjectUserId: user.id, actorUserId: null });

    // Days in Korea, as the filter reads them.
    const yesterday = koreaDay(new Date(Date.now() - 86_400_000));
    const tomorrow = koreaDay(new Date(Date.now() + 86_400_000));
    expect(await items({ userId: user.id, to: yesterday })).toHaveLength(0);
    expect(await items({ userId: user.id, from: tomorrow })).toHaveLength(0);
    expect(await items({ userId: user.id, from: yesterday, to: tomorrow })).toHaveLength(5);
    const inFuture = new Date(Date.now() + 3_600_000).toISOString();
    expect(await items({ userId: user.id, from: inFuture })).toHaveLength(0);
    expect(await items({ userId: user.id, to: inFuture })).toHaveLength(5);
  });

  it('reads a date as a calendar day in Korea, both ends inclusive', async () => {
    const user = await createUser(app);
    // 23:59 on 1 March and 00:00 on 2 March in Korea; 14:59 and 15:00 on 1 March in UTC.
    const times = ['2026-03-01T14:59:59.999Z', '2026-03-01T15:00:00.000Z'];
    for (const occurredAt of times) {
      await app.db.insert(auditEvents).values({
        action: 'profile_changed',
        actorUserId: user.id,
        subjectUserId: user.id,
        occurredAt: new Date(occurredAt),
      });
    }
    const at = async (query: Record<string, string>) =>
      (await items({ userId: user.id, ...query })).map((event) => event.occurredAt).sort();
    expect(await at({ from: '2026-03-01', to: '2026-03-01' })).toEqual([times[0]]);
    expect(await at({ from: '2026-03-02', to: '2026-03-02' })).toEqual([times[1]]);
    expect(await at({ from: '2026-03-01', to: '2026-03-02' })).toEqual(times);
    expect(await at({ to: '2026-02-28' })).toEqual([]);
  });

  it('finds a user by email, in any case, and refuses an email nobody has on its field', async () => {
    const user = await busyUser();
    const byId = await items({ userId: user.id });
    expect(await items({ email: user.email.toUpperCase() })).toEqual(byId);
    expect(await items({ email: user.email, action: 'sign_out' })).toHaveLength(1);

    const unknown = await list({ email: 'nobody-at-all@example.com' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { email: 'userUnknown' },
    });
    // An empty box is no filter.
    expect((await list({ email: '  ', limit: 1 })).statusCode).toBe(200);
  });

  it('pages with a cursor: every event once, in order, then no cursor', async () => {
    const user = await busyUser();
    const all = await items({ userId: user.id });
    const seen: AuditEvent[] = [];
    let cursor: string | null = null;
    do {
      const response = await list({ userId: user.id, limit: 2, ...(cursor ? { cursor } : {}) });
      const page = response.json() as { items: AuditEvent[]; nextCursor: string | null };
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(all);
  });

  it.each([
    [{ limit: 101 }, 'limit'],
    [{ limit: 0 }, 'limit'],
    [{ limit: 'ten' }, 'limit'],
    [{ action: 'delete_everything' }, 'action'],
    [{ userId: 'not-a-uuid' }, 'userId'],
    [{ userId: "' or 1=1 --" }, 'userId'],
    [{ from: '2026-02-30' }, 'from'],
    [{ to: 'yesterday' }, 'to'],
    [{ cursor: 'garbage' }, 'cursor'],
    [{ email: 'not an email' }, 'email'],
    [{ email: `${'a'.repeat(250)}@example.com` }, 'email'],
    [
      {
        cursor: Buffer.from(
          '2026-02-30T00:00:00.000000Z|00000000-0000-4000-8000-000000000000',
        ).toString('base64url'),
      },
      'cursor',
    ],
    [{ cursor: '<script>' }, 'cursor'],
    [{ sort: 'id' }, 'sort'],
  ])('refuses %j with 400 VALIDATION_FAILED', async (query, field) => {
    const response = await list(query as Record<string, string | number>);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_FAILED');
    expect(response.json().error.fields).toHaveProperty(field);
  });

  it('is for operators only', async () => {
    const client = await createUser(app);
    const clientBrowser = await signIn(app, client.email);
    expect((await clientBrowser.get('/api/operator/audit-events')).statusCode).toBe(403);
    const anonymous = new BrowserClient(app);
    expect((await anonymous.get('/api/operator/audit-events')).statusCode).toBe(401);
  });
});
