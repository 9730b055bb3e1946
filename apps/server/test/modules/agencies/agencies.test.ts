import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateAgencyRequest, OperatorAgency } from '@portal/contract/agencies';
import { agencies, auditEvents, users } from '@server/db/schema';
import type { App } from '@server/lib/zod-routes';
import { buildTestApp } from '@test/helpers';
import { approveAs } from '@test/approvals';
import { createAgency, signIn, whoIs } from '@test/identity';
import { makeUser, marker, person } from '../agency-clients/agency-clients-kit';

let app: App;
let operator: Awaited<ReturnType<typeof person>>;
beforeAll(async () => {
  app = await buildTestApp();
  await app.ready();
  operator = await person(app, 'operator');
});
afterAll(() => app.close());

function newAgency(overrides: Partial<CreateAgencyRequest> = {}): CreateAgencyRequest {
  const tag = marker();
  return {
    code: `T-${tag}`.toUpperCase(),
    name: `Incheon Partners ${tag}`,
    bankName: '국민은행',
    bankAccountNumber: '123-456-789012',
    bankAccountHolder: '(주)인천파트너스',
    user: {
      name: '이대행',
      email: `agent-${tag}@example.test`,
      phone: '010-2222-3333',
      password: 'a long enough passphrase',
    },
    ...overrides,
  };
}

async function agencyByCode(code: string) {
  const [row] = await app.db.select().from(agencies).where(eq(agencies.code, code));
  return row ?? null;
}
async function userByEmail(email: string) {
  const [row] = await app.db.select().from(users).where(eq(users.email, email));
  return row ?? null;
}

describe('POST /api/operator/agencies', () => {
  it('makes the agency and its agency user, who can sign in', async () => {
    const body = newAgency({ code: `t-${marker()}` });
    const response = await operator.browser.post('/api/operator/agencies', body);
    expect(response.statusCode, response.body).toBe(201);
    const { agency } = response.json<{ agency: OperatorAgency }>();
    expect(agency).toEqual({
      id: expect.any(String),
      code: body.code.toUpperCase(),
      name: body.name,
      bankName: '국민은행',
      bankAccountNumber: '123-456-789012',
      bankAccountHolder: '(주)인천파트너스',
      clientCount: 0,
      agencyUserCount: 1,
      status: 'active',
      disabledAt: null,
      createdAt: expect.any(String),
    });

    const user = await userByEmail(body.user.email);
    expect(user).toMatchObject({ role: 'agency', agencyId: agency.id, status: 'active' });
    expect(user?.passwordHash).toMatch(/^\$argon2id\$/);
    const browser = await signIn(app, body.user.email, body.user.password);
    expect(await whoIs(browser)).toBe(body.user.email);
    const me = (await browser.get('/api/auth/me')).json();
    expect(me.user).toMatchObject({ role: 'agency', agency: { code: agency.code } });

    const events = await app.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.subjectUserId, user!.id));
    expect(events.find((event) => event.action === 'agency_created')).toMatchObject({
      actorUserId: operator.id,
      details: { agencyId: agency.id, code: agency.code, name: body.name },
    });
    expect(JSON.stringify(events)).not.toContain(body.user.password);
  });

  it('refuses a taken code and makes no user', async () => {
    const first = newAgency();
    expect((await operator.browser.post('/api/operator/agencies', first)).statusCode).toBe(201);
    const second = newAgency({ code: first.code.toLowerCase() });
    const response = await operator.browser.post('/api/operator/agencies', second);
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatchObject({
      code: 'AGENCY_CODE_TAKEN',
      fields: { code: 'invalid' },
    });
    expect(await userByEmail(second.user.email)).toBeNull();
    expect((await agencyByCode(first.code))?.name).toBe(first.name);
  });

  it('is atomic: a taken email leaves no agency behind', async () => {
    const existing = await makeUser(app);
    const body = newAgency({
      user: { ...newAgency().user, email: existing.email.toUpperCase() },
    });
    const response = await operator.browser.post('/api/operator/agencies', body);
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatchObject({
      code: 'EMAIL_TAKEN',
      fields: { 'user.email': 'invalid' },
    });
    expect(await agencyByCode(body.code)).toBeNull();
    expect((await userByEmail(existing.email))?.role).toBe('client');
    // The same code is free to use once the email is fixed.
    const retried = await operator.browser.post('/api/operator/agencies', {
      ...body,
      user: { ...body.user, email: `retry-${marker()}@example.test` },
    });
    expect(retried.statusCode).toBe(201);
  });

  it('validates every field with the contract’s rules', async () => {
    const cases: Array<[string, unknown]> = [
      ['code', { ...newAgency(), code: 'A' }],
      ['code', { ...newAgency(), code: 'BAD CODE' }],
      ['bankAccountNumber', { ...newAgency(), bankAccountNumber: '12' }],
      ['name', { ...newAgency(), name: '<script>alert(1)</script>' }],
      ['user.password', { ...newAgency(), user: { ...newAgency().user, password: 'short' } }],
      ['user.email', { ...newAgency(), user: { ...newAgency().user, email: 'nope' } }],
    ];
    for (const [field, body] of cases) {
      const response = await operator.browser.post('/api/operator/agencies', body);
      expect(response.statusCode, field).toBe(400);
      expect(Object.keys(response.json().error.fields ?? {}), field).toContain(field);
    }
  });
});

describe('GET and PATCH /api/operator/agencies', () => {
  it('lists agencies with their bank account and user counts', async () => {
    const body = newAgency();
    const { agency } = (await operator.browser.post('/api/operator/agencies', body)).json<{
      agency: OperatorAgency;
    }>();
    await makeUser(app, { agencyId: agency.id });
    await makeUser(app, { agencyId: agency.id });
    const response = await operator.browser.get('/api/operator/agencies');
    expect(response.statusCode).toBe(200);
    const listed = response
      .json<{ items: OperatorAgency[] }>()
      .items.find((item) => item.id === agency.id);
    expect(listed).toMatchObject({ code: body.code, clientCount: 2, agencyUserCount: 1 });
  });

  it('edits the name at once and the bank account once a second operator approves, with audit events', async () => {
    const { agency } = (await operator.browser.post('/api/operator/agencies', newAgency())).json<{
      agency: OperatorAgency;
    }>();
    const change = {
      name: `Renamed ${marker()}`,
      bankName: '신한은행',
      bankAccountNumber: '110-123-456789',
      bankAccountHolder: agency.bankAccountHolder!,
    };
    const response = await operator.browser.patch(`/api/operator/agencies/${agency.id}`, change);
    // The name is saved at once; the new account waits for a second operator and the old one
    // stays in force meanwhile (docs/decisions/017).
    const [waiting] = await app.db.select().from(agencies).where(eq(agencies.id, agency.id));
    expect(waiting).toMatchObject({
      name: change.name,
      bankName: agency.bankName,
      bankAccountNumber: agency.bankAccountNumber,
    });
    const checker = await person(app, 'operator');
    await approveAs(checker.browser, response);
    const listed = (await operator.browser.get('/api/operator/agencies')).json<{
      items: OperatorAgency[];
    }>();
    expect(listed.items.find((item) => item.id === agency.id)).toMatchObject({
      ...change,
      code: agency.code,
    });
    const events = await app.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'agency_changed'));
    const event = events.find(
      (candidate) => (candidate.details as { agencyId?: string }).agencyId === agency.id,
    );
    expect(event).toMatchObject({
      actorUserId: operator.id,
      details: { code: agency.code, changed: ['name'] },
    });
    const accountEvents = await app.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'agency_bank_account_changed'));
    expect(
      accountEvents.find(
        (candidate) => (candidate.details as { agencyId?: string }).agencyId === agency.id,
      ),
    ).toMatchObject({
      actorUserId: checker.id,
      details: {
        changed: ['bankName', 'accountNumber'],
        approval: { requestedBy: { id: operator.id }, approvedBy: { id: checker.id } },
      },
    });

    const missing = await operator.browser.patch(
      '/api/operator/agencies/7c9e6679-7425-40de-944b-e07fc1f90ae7',
      change,
    );
    expect(missing.statusCode).toBe(404);
    const codeChange = await operator.browser.patch(`/api/operator/agencies/${agency.id}`, {
      ...change,
      code: 'NEW-CODE',
    });
    expect(codeChange.statusCode).toBe(400);
  });

  it('is for operators only', async () => {
    const agent = await person(app, 'agency', (await createAgency(app)).id);
    const client = await person(app, 'client');
    for (const browser of [client.browser, agent.browser]) {
      expect((await browser.get('/api/operator/agencies')).statusCode).toBe(403);
      expect((await browser.post('/api/operator/agencies', newAgency())).statusCode).toBe(403);
      expect(
        (await browser.patch('/api/operator/agencies/7c9e6679-7425-40de-944b-e07fc1f90ae7', {}))
          .statusCode,
      ).toBe(403);
    }
  });
});
