import { randomBytes } from 'node:crypto';
import { eq, like, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountVerifications, merchantAccounts, merchants } from '@server/db/schema';
import { HOSTILE_TEXT, expectRefused, hostileCases, type HostileCase } from '@test/hostile';
import {
  RIGHT_PASSWORD,
  accountsTestKit,
  type AccountsTestKit,
  type Person,
  type TestMerchant,
} from './accounts-test-kit';

/**
 * Every field of every accounts and merchants route, made hostile in turn: refused with 4xx and
 * a stable code, and nothing written.
 */
let kit: AccountsTestKit;
let operator: Person;
let client: Person;
let merchant: TestMerchant;
let accountId: string;
let verificationId: string;
const marker = `HM${randomBytes(4).toString('hex')}`;

beforeAll(async () => {
  kit = await accountsTestKit();
  operator = await kit.person('operator');
  client = await kit.person('client');
  merchant = await kit.merchant();
  accountId = await kit.saveAccount(client, merchant, 'HOSTILE-1', 'Main account');
  const verified = await client.browser.post('/api/accounts/verify', {
    merchantId: merchant.id,
    accountNumber: 'HOSTILE-2',
    password: RIGHT_PASSWORD,
  });
  verificationId = verified.json<{ verificationId: string }>().verificationId;
});
afterAll(() => kit.close());

/** What these routes could change: the client's rows, and merchants named with the marker. */
async function footprint() {
  const dump = async (query: ReturnType<typeof sql>) =>
    (await kit.app.db.execute<{ row: string }>(query)).rows.map((row) => row.row).sort();
  return {
    merchants: await dump(
      sql`select row_to_json(t)::text as row from merchants t where t.name like ${`${marker}%`} or t.id = ${merchant.id}`,
    ),
    accounts: await dump(
      sql`select row_to_json(t)::text as row from merchant_accounts t where t.user_id = ${client.id}`,
    ),
    verifications: await dump(
      sql`select row_to_json(t)::text as row from account_verifications t where t.user_id = ${client.id}`,
    ),
  };
}

function send(
  person: Person,
  method: 'POST' | 'PATCH' | 'DELETE',
  url: string,
  hostile: HostileCase,
): Promise<LightMyRequestResponse> {
  return person.browser.request(method, url, {
    payload: hostile.payload,
    headers: { 'content-type': hostile.contentType },
  });
}

async function resetVerifyThrottle() {
  await kit.app.db.execute(
    sql`delete from throttle_counters where key = ${`account-verify:user:${client.id}`}`,
  );
}

const PATH_IDS: [string, string][] = [
  ...Object.entries(HOSTILE_TEXT),
  ['not a UUID', 'not-a-uuid'],
  ['a SQL fragment', "1' or '1'='1"],
  ['a path escape', '../../auth/me'],
];

describe('POST /api/operator/merchants', () => {
  const valid = () => ({
    name: `${marker} hostile test merchant`,
    code: `HX-${randomBytes(3).toString('hex').toUpperCase()}`,
    asset: 'USDT',
    minPerRequest: '10',
    maxPerRequest: '100',
    connection: 'sandbox',
  });
  it.each(hostileCases(valid()))('$label', async (hostile) => {
    const before = await footprint();
    expectRefused(await send(operator, 'POST', '/api/operator/merchants', hostile), hostile);
    expect(await footprint()).toEqual(before);
    const created = await kit.app.db
      .select()
      .from(merchants)
      .where(like(merchants.name, `${marker}%`));
    expect(created).toHaveLength(0);
  });

  it.each(
    hostileCases({
      name: `${marker} hostile http merchant`,
      code: 'HX-HTTP',
      asset: 'USDT',
      minPerRequest: '10',
      maxPerRequest: '100',
      connection: 'http',
      baseUrl: 'https://merchant.example/api',
      keyId: 'key-1',
      secret: 'a-secret-of-enough-length',
    })
      // The secret is write-only bytes for signing, never shown: any text of fitting length is
      // a possible secret.
      .filter((hostile) => !(hostile.field === 'secret' && isHostileText(hostile.label)))
      // Without a key id or secret the connection is incomplete, which the contract reports on
      // baseUrl (httpConnectionIncomplete).
      .map((hostile) =>
        ['keyId', 'secret'].includes(hostile.field ?? '') && /: (null|missing)$/.test(hostile.label)
          ? { ...hostile, field: undefined }
          : hostile,
      ),
  )('http: $label', async (hostile) => {
    const before = await footprint();
    expectRefused(await send(operator, 'POST', '/api/operator/merchants', hostile), hostile);
    expect(await footprint()).toEqual(before);
  });
});

function isHostileText(label: string): boolean {
  return (
    Object.keys(HOSTILE_TEXT).some((name) => label.endsWith(`: ${name}`)) &&
    !label.includes('oversized')
  );
}

describe('PATCH /api/operator/merchants/:id', () => {
  const valid = { name: 'Renamed merchant', maxPerRequest: '500', status: 'active' };
  it.each(hostileCases(valid, { optional: Object.keys(valid) }))('$label', async (hostile) => {
    const before = await footprint();
    expectRefused(
      await send(operator, 'PATCH', `/api/operator/merchants/${merchant.id}`, hostile),
      hostile,
    );
    expect(await footprint()).toEqual(before);
  });
  it.each(PATH_IDS)('merchant id: %s', async (label, id) => {
    const before = await footprint();
    const hostile = { label, contentType: 'application/json', payload: '{"name":"Renamed"}' };
    expectRefused(
      await send(operator, 'PATCH', `/api/operator/merchants/${encodeURIComponent(id)}`, hostile),
      hostile,
    );
    expect(await footprint()).toEqual(before);
  });
});

describe('POST /api/accounts/verify', () => {
  const valid = () => ({
    merchantId: merchant.id,
    accountNumber: 'HOSTILE-3',
    password: RIGHT_PASSWORD,
  });
  it.each(hostileCases({ merchantId: 'm', accountNumber: 'HOSTILE-3', password: 'p' }))(
    '$label',
    async (template) => {
      await resetVerifyThrottle();
      // The cases are built before the merchant exists; put the real values in.
      const hostile = {
        ...template,
        payload: template.payload
          .replace('"merchantId":"m"', `"merchantId":"${merchant.id}"`)
          .replace('"password":"p"', `"password":"${RIGHT_PASSWORD}"`),
      };
      const before = await footprint();
      const response = await send(client, 'POST', '/api/accounts/verify', hostile);
      if (hostile.field === 'password' && response.statusCode === 400) {
        // Any text is a possible password: the merchant says no, and nothing is kept.
        const { code } = response.json<{ error: { code: string } }>().error;
        expect(['MERCHANT_ACCOUNT_REJECTED', 'VALIDATION_FAILED']).toContain(code);
      } else {
        expectRefused(response, hostile);
      }
      expect(response.body).not.toContain('<script>');
      expect(await footprint()).toEqual(before);
    },
  );
  it('accepts the valid body (the template is right)', async () => {
    await resetVerifyThrottle();
    const response = await client.browser.post('/api/accounts/verify', valid());
    expect(response.statusCode).toBe(200);
    await kit.app.db
      .delete(accountVerifications)
      .where(eq(accountVerifications.id, response.json().verificationId));
  });
});

describe('POST /api/accounts', () => {
  it.each(hostileCases({ verificationId: 'v', name: 'Wallet' }, { optional: ['name'] }))(
    '$label',
    async (template) => {
      const hostile = {
        ...template,
        payload: template.payload.replace(
          '"verificationId":"v"',
          `"verificationId":"${verificationId}"`,
        ),
      };
      const before = await footprint();
      expectRefused(await send(client, 'POST', '/api/accounts', hostile), hostile);
      expect(await footprint()).toEqual(before);
    },
  );
});

describe('PATCH /api/accounts/:id', () => {
  it.each(hostileCases({ name: 'Renamed wallet' }))('$label', async (hostile) => {
    const before = await footprint();
    expectRefused(await send(client, 'PATCH', `/api/accounts/${accountId}`, hostile), hostile);
    expect(await footprint()).toEqual(before);
  });
  it.each(PATH_IDS)('account id: %s', async (label, id) => {
    const before = await footprint();
    const hostile = { label, contentType: 'application/json', payload: '{"name":"Renamed"}' };
    expectRefused(
      await send(client, 'PATCH', `/api/accounts/${encodeURIComponent(id)}`, hostile),
      hostile,
    );
    expect(await footprint()).toEqual(before);
  });
});

describe('POST /api/accounts/:id/default and DELETE /api/accounts/:id', () => {
  // An empty object or no body at all are the valid forms; JSON null is taken as no body.
  it.each(hostileCases({}).filter((hostile) => hostile.label !== 'JSON null'))(
    'default body: $label',
    async (hostile) => {
      const before = await footprint();
      expectRefused(
        await send(client, 'POST', `/api/accounts/${accountId}/default`, hostile),
        hostile,
      );
      expect(await footprint()).toEqual(before);
    },
  );
  it.each(PATH_IDS)('account id: %s', async (label, id) => {
    const before = await footprint();
    const hostile = { label, contentType: 'application/json', payload: '{}' };
    const encoded = encodeURIComponent(id);
    expectRefused(await send(client, 'POST', `/api/accounts/${encoded}/default`, hostile), hostile);
    const deleted = await client.browser.delete(`/api/accounts/${encoded}`);
    expectRefused(deleted, { label, contentType: 'none', payload: '' });
    expect(await footprint()).toEqual(before);
    const [still] = await kit.app.db
      .select()
      .from(merchantAccounts)
      .where(eq(merchantAccounts.id, accountId));
    expect(still?.name).toBe('Main account');
  });
});
