import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperatorAgency } from '@portal/contract/agencies';
import type { DepositAccountResponse, TransactionDetail } from '@portal/contract/transactions';
import { agencies, auditEvents } from '@server/db/schema';
import { BrowserClient, GOOD_PASSWORD, uniqueEmail } from '@test/browser-client';
import { createUser, footprint, sessionsOf, signIn, whoIs } from '@test/identity';
import { moneyKit, type MoneyKit, type Person } from '../money/money-test-kit';

/**
 * Disabling a partner agency (docs/decisions/022): its agency users are out, its code takes no
 * new clients, its bank account takes no new buys; buys already made keep their account; and
 * enabling it restores everything.
 */
let kit: MoneyKit;
let operator: Person;
let client: Person;

beforeAll(async () => {
  kit = await moneyKit();
  operator = await kit.person({ role: 'operator' });
  client = await kit.person({ role: 'client' });
});
afterAll(() => kit.close());

const setStatus = (browser: BrowserClient, body: unknown, id = kit.agencyId) =>
  browser.put(`/api/operator/agencies/${id}/status`, body);

async function agencyCode() {
  const [row] = await kit.app.db
    .select({ code: agencies.code })
    .from(agencies)
    .where(eq(agencies.id, kit.agencyId));
  return row!.code;
}

async function signUp(code: string) {
  const browser = new BrowserClient(kit.app);
  await browser.visit();
  const email = uniqueEmail('agency-status');
  const response = await browser.post('/api/auth/sign-up', {
    name: '홍길동',
    email,
    phone: '010-1234-5678',
    password: GOOD_PASSWORD,
    confirmPassword: GOOD_PASSWORD,
    agencyCode: code,
  });
  return { email, response };
}

async function eventsOf(action: 'agency_disabled' | 'agency_enabled') {
  return kit.app.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, action), eq(auditEvents.actorUserId, operator.id)));
}

describe('PUT /api/operator/agencies/:id/status', () => {
  it('disabling stops the agency; enabling restores it; open buys keep their account', async () => {
    const agent = await createUser(kit.app, { role: 'agency', agencyId: kit.agencyId });
    const agentBrowser = await signIn(kit.app, agent.email);
    const account = await kit.account(client, '0');
    const openBuy = await kit.made(client, 'buy', account.id, '1');
    const code = await agencyCode();

    expect((await setStatus(operator.browser, { status: 'disabled' })).statusCode).toBe(400);
    const disabled = await setStatus(operator.browser, {
      status: 'disabled',
      reason: 'Contract ended',
    });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(disabled.json<{ agency: OperatorAgency }>().agency).toMatchObject({
      id: kit.agencyId,
      status: 'disabled',
      disabledAt: expect.any(String),
    });

    // Its agency users: sessions ended, sign-in refused with its own code.
    expect(await sessionsOf(kit.app, agent.id)).toHaveLength(0);
    expect(await whoIs(agentBrowser)).toBeNull();
    const stranger = new BrowserClient(kit.app);
    await stranger.visit();
    const refused = await stranger.post('/api/auth/sign-in', {
      email: agent.email,
      password: GOOD_PASSWORD,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('AGENCY_DISABLED');

    // Its clients stay signed in, see no account to pay into, and cannot make a buy.
    expect(await whoIs(client.browser)).toBe(client.email);
    const shown = (await client.browser.get('/api/deposit-account')).json<DepositAccountResponse>();
    expect(shown).toMatchObject({ takingBuys: false, account: null });
    const buy = await kit.request(client, 'buy', account.id, '1');
    expect(buy.statusCode).toBe(409);
    expect(buy.json().error.code).toBe('AGENCY_NOT_TAKING_BUYS');
    // A buy already made keeps the account it was told to pay into.
    const open = (
      await client.browser.get(`/api/transactions/${openBuy.id}`)
    ).json<TransactionDetail>();
    expect(open.depositInstructions).toEqual(openBuy.depositInstructions);
    expect(open.status).toBe('Requested');

    // Its code takes no new clients.
    const signUpRefused = await signUp(code);
    expect(signUpRefused.response.statusCode).toBe(400);
    expect(signUpRefused.response.json().error).toMatchObject({
      code: 'AGENCY_CODE_DISABLED',
      fields: { agencyCode: 'invalid' },
    });
    expect((await footprint(kit.app, signUpRefused.email)).user).toBeNull();

    const [event] = (await eventsOf('agency_disabled')).filter(
      (row) => (row.details as { agencyId?: string }).agencyId === kit.agencyId,
    );
    expect(event).toMatchObject({
      objectType: 'agency',
      objectId: code,
      details: {
        reason: 'Contract ended',
        before: { status: 'active', disabledAt: null },
        after: { status: 'disabled', disabledAt: expect.any(String) },
        sessionsEnded: 1,
      },
    });
    // The same status again changes and records nothing.
    await setStatus(operator.browser, { status: 'disabled', reason: 'again' });
    expect(await eventsOf('agency_disabled')).toHaveLength(1);

    const enabled = await setStatus(operator.browser, { status: 'active' });
    expect(enabled.statusCode, enabled.body).toBe(200);
    expect(enabled.json().agency).toMatchObject({ status: 'active', disabledAt: null });
    expect(await whoIs(await signIn(kit.app, agent.email))).toBe(agent.email);
    expect((await kit.request(client, 'buy', account.id, '1')).statusCode).toBe(201);
    expect(
      (await client.browser.get('/api/deposit-account')).json<DepositAccountResponse>(),
    ).toMatchObject({ takingBuys: true, account: { accountNumber: expect.any(String) } });
    expect((await signUp(code)).response.statusCode).toBe(201);
    expect((await eventsOf('agency_enabled'))[0]).toMatchObject({
      details: { before: { status: 'disabled' }, after: { status: 'active', disabledAt: null } },
    });
  });

  it('is for operators only, and answers 404 for an unknown agency', async () => {
    const agent = await kit.person({ role: 'agency' });
    for (const browser of [client.browser, agent.browser]) {
      expect((await setStatus(browser, { status: 'disabled', reason: 'x' })).statusCode).toBe(403);
    }
    const missing = await setStatus(
      operator.browser,
      { status: 'active' },
      '7c9e6679-7425-40de-944b-e07fc1f90ae7',
    );
    expect(missing.statusCode).toBe(404);
    expect((await setStatus(operator.browser, { status: 'gone' })).statusCode).toBe(400);
  });
});
