import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchants } from '@server/db/schema';
import {
  RIGHT_PASSWORD,
  accountsTestKit,
  type AccountsTestKit,
  type Person,
} from '../accounts/accounts-test-kit';

interface MerchantBody {
  id: string;
  code: string;
  name: string;
  status: string;
  connection: string;
  minPerRequest: string;
  maxPerRequest: string;
  baseUrl: string | null;
  keyId: string | null;
  hasSecret: boolean;
}

const SECRET = 'hmac-secret-0123456789-abcdef';

function uniqueCode(prefix = 'OP') {
  return `${prefix}-${randomBytes(4).toString('hex').toUpperCase()}`;
}

describe('operator merchants', () => {
  let kit: AccountsTestKit;
  let operator: Person;
  let client: Person;

  beforeAll(async () => {
    kit = await accountsTestKit();
    operator = await kit.person('operator');
    client = await kit.person('client');
  });
  afterAll(() => kit.close());

  async function create(body: Record<string, unknown>) {
    const response = await operator.browser.post('/api/operator/merchants', body);
    if (response.statusCode === 201) kit.trackMerchant(response.json<MerchantBody>().id);
    return response;
  }

  function sandboxBody(overrides: Record<string, unknown> = {}) {
    return {
      name: 'Hanbit Wallet',
      code: uniqueCode(),
      asset: 'usdt',
      minPerRequest: '10',
      maxPerRequest: '50000.50',
      connection: 'sandbox',
      ...overrides,
    };
  }

  it('refuses clients (403) and anonymous callers (401)', async () => {
    const anonymous = await kit.anonymous();
    const id = (await kit.merchant()).id;
    for (const browser of [client.browser]) {
      expect((await browser.get('/api/operator/merchants')).statusCode).toBe(403);
      expect((await browser.post('/api/operator/merchants', sandboxBody())).statusCode).toBe(403);
      expect(
        (await browser.patch(`/api/operator/merchants/${id}`, { status: 'disabled' })).statusCode,
      ).toBe(403);
    }
    expect((await anonymous.get('/api/operator/merchants')).statusCode).toBe(401);
    expect((await anonymous.post('/api/operator/merchants', sandboxBody())).statusCode).toBe(401);
    expect(
      (await anonymous.patch(`/api/operator/merchants/${id}`, { status: 'disabled' })).statusCode,
    ).toBe(401);
    const [row] = await kit.app.db.select().from(merchants).where(eq(merchants.id, id));
    expect(row!.status).toBe('active');
  });

  it('creates, lists and updates a sandbox merchant', async () => {
    const body = sandboxBody();
    const created = await create(body);
    expect(created.statusCode, created.body).toBe(201);
    const merchant = created.json<MerchantBody>();
    expect(merchant).toMatchObject({
      code: body.code,
      name: 'Hanbit Wallet',
      asset: 'USDT',
      minPerRequest: '10',
      maxPerRequest: '50000.5',
      status: 'active',
      connection: 'sandbox',
      baseUrl: null,
      keyId: null,
      hasSecret: false,
    });

    const listed = await operator.browser.get('/api/operator/merchants');
    expect(listed.statusCode).toBe(200);
    expect(listed.json<{ items: MerchantBody[] }>().items.map((item) => item.id)).toContain(
      merchant.id,
    );

    const updated = await operator.browser.patch(`/api/operator/merchants/${merchant.id}`, {
      name: 'Hanbit Wallet Plus',
      maxPerRequest: '60000',
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json<MerchantBody>()).toMatchObject({
      name: 'Hanbit Wallet Plus',
      maxPerRequest: '60000',
      minPerRequest: '10',
    });

    // A limit below the stored other side is refused.
    const outOfOrder = await operator.browser.patch(`/api/operator/merchants/${merchant.id}`, {
      minPerRequest: '70000',
    });
    expect(outOfOrder.statusCode).toBe(400);
    expect(outOfOrder.json().error.fields).toEqual({ maxPerRequest: 'limitsOutOfOrder' });

    const missing = await operator.browser.patch(
      '/api/operator/merchants/00000000-0000-4000-8000-000000000000',
      { name: 'Nobody' },
    );
    expect(missing.statusCode).toBe(404);
  });

  it('seals an http merchant’s secret with its id and never returns it', async () => {
    const created = await create(
      sandboxBody({
        connection: 'http',
        baseUrl: 'https://merchant.example/api',
        keyId: 'key-1',
        secret: SECRET,
      }),
    );
    expect(created.statusCode, created.body).toBe(201);
    expect(created.body).not.toContain(SECRET);
    const merchant = created.json<MerchantBody>();
    expect(merchant).toMatchObject({ hasSecret: true, keyId: 'key-1' });
    expect(Object.keys(merchant)).not.toContain('secret');
    expect(Object.keys(merchant)).not.toContain('secretCiphertext');

    const [row] = await kit.app.db.select().from(merchants).where(eq(merchants.id, merchant.id));
    expect(row!.secretCiphertext).not.toContain(SECRET);
    expect(kit.secretBox.open(row!.secretCiphertext!, merchant.id)).toBe(SECRET);

    const rotated = await operator.browser.patch(`/api/operator/merchants/${merchant.id}`, {
      secret: `${SECRET}-rotated`,
    });
    expect(rotated.statusCode).toBe(200);
    expect(rotated.body).not.toContain(SECRET);
    const [after] = await kit.app.db.select().from(merchants).where(eq(merchants.id, merchant.id));
    expect(kit.secretBox.open(after!.secretCiphertext!, merchant.id)).toBe(`${SECRET}-rotated`);

    const listed = await operator.browser.get('/api/operator/merchants');
    expect(listed.body).not.toContain(SECRET);
    expect(listed.body).not.toContain(after!.secretCiphertext!);

    // An http merchant cannot lose its secret.
    const incomplete = await operator.browser.patch(`/api/operator/merchants/${merchant.id}`, {
      secret: null,
    });
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json().error.fields).toEqual({ baseUrl: 'httpConnectionIncomplete' });
    // Nor be created without one.
    const noSecret = await create(
      sandboxBody({ connection: 'http', baseUrl: 'https://m.example', keyId: 'k' }),
    );
    expect(noSecret.statusCode).toBe(400);
  });

  it('keeps each addition and change in the audit trail, before -> after, never the secret', async () => {
    const created = await create(
      sandboxBody({
        connection: 'http',
        baseUrl: 'https://merchant.example/api',
        keyId: 'key-1',
        secret: SECRET,
      }),
    );
    const merchant = created.json<MerchantBody>();
    await operator.browser.patch(`/api/operator/merchants/${merchant.id}`, {
      maxPerRequest: '20000',
      secret: `${SECRET}-rotated`,
    });
    await operator.browser.patch(`/api/operator/merchants/${merchant.id}`, { status: 'disabled' });
    const trail = await kit.app.db.execute<{
      action: string;
      actor_user_id: string;
      object_type: string;
      object_id: string;
      details: { before?: Record<string, unknown>; after: Record<string, unknown> };
    }>(
      sql`select action, actor_user_id, object_type, object_id, details from audit_events
           where object_type = 'merchant' and object_id = ${merchant.code} order by seq`,
    );
    expect(trail.rows.map((row) => row.action)).toEqual([
      'merchant_created',
      'merchant_changed',
      'merchant_changed',
    ]);
    expect(trail.rows.every((row) => row.actor_user_id === operator.id)).toBe(true);
    expect(trail.rows[0]!.details.after).toMatchObject({
      maxPerRequest: '50000.5',
      hasSecret: true,
    });
    expect(trail.rows[1]!.details).toMatchObject({
      before: { maxPerRequest: '50000.5' },
      after: { maxPerRequest: '20000', hasSecret: true },
      secretReplaced: true,
    });
    expect(trail.rows[2]!.details).toEqual({
      before: { status: 'active' },
      after: { status: 'disabled' },
    });
    expect(JSON.stringify(trail.rows)).not.toContain(SECRET);
  });

  it('refuses a taken code with 409 CONFLICT on fields.code', async () => {
    const code = uniqueCode('DUP');
    expect((await create(sandboxBody({ code }))).statusCode).toBe(201);
    const duplicate = await create(sandboxBody({ code: code.toLowerCase() }));
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error).toMatchObject({ code: 'CONFLICT', fields: { code: 'invalid' } });

    const other = await create(sandboxBody());
    const renamed = await operator.browser.patch(
      `/api/operator/merchants/${other.json<MerchantBody>().id}`,
      { code },
    );
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json().error.code).toBe('CONFLICT');
  });

  it('takes a disabled merchant out of users’ choices and out of verification', async () => {
    const created = await create(sandboxBody());
    const merchant = created.json<MerchantBody>();
    const visible = await client.browser.get('/api/merchants');
    expect(visible.statusCode).toBe(200);
    const item = visible
      .json<{ items: Record<string, unknown>[] }>()
      .items.find((entry) => entry.id === merchant.id);
    expect(item).toBeDefined();
    // Users see no operator details.
    expect(Object.keys(item!).sort()).toEqual(
      ['asset', 'code', 'id', 'maxPerRequest', 'minPerRequest', 'name', 'sandbox'].sort(),
    );

    const disabled = await operator.browser.patch(`/api/operator/merchants/${merchant.id}`, {
      status: 'disabled',
    });
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json<MerchantBody>().status).toBe('disabled');

    const after = await client.browser.get('/api/merchants');
    expect(after.json<{ items: { id: string }[] }>().items.map((entry) => entry.id)).not.toContain(
      merchant.id,
    );
    // Operators still see it.
    const operatorList = await operator.browser.get('/api/operator/merchants');
    expect(
      operatorList.json<{ items: { id: string }[] }>().items.map((entry) => entry.id),
    ).toContain(merchant.id);

    const verify = await client.browser.post('/api/accounts/verify', {
      merchantId: merchant.id,
      accountNumber: '1002',
      password: RIGHT_PASSWORD,
    });
    expect(verify.statusCode).toBe(400);
    expect(verify.json().error.code).toBe('MERCHANT_NOT_AVAILABLE');

    // Enabled again, it is back.
    await operator.browser.patch(`/api/operator/merchants/${merchant.id}`, { status: 'active' });
    const back = await client.browser.get('/api/merchants');
    expect(back.json<{ items: { id: string }[] }>().items.map((entry) => entry.id)).toContain(
      merchant.id,
    );
  });
});
