import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MerchantError, type MerchantAdapter } from '@server/modules/merchants/adapter';
import { captureLogs } from '@test/log-capture';
import { accountsTestKit, fakeMerchant, type AccountsTestKit } from './accounts-test-kit';

const CANARY = `canary-Pw-7f3a9-${randomUUID().slice(0, 8)}`;

/** A merchant that accepts the canary, and on its failures quotes the password back. */
function leakyMerchant(mode: 'accept' | 'reject' | 'fail' | 'crash'): MerchantAdapter {
  return {
    ...fakeMerchant(),
    async verifyAccount(input) {
      if (mode === 'reject') {
        throw new MerchantError('rejected_credentials', `bad password ${input.password}`);
      }
      if (mode === 'fail') {
        throw new MerchantError('unavailable', `down while checking ${input.password}`, {
          cause: new Error(input.password),
        });
      }
      if (mode === 'crash') throw new Error(`crashed on ${input.password}`);
      return { holderName: '홍길동', linkToken: `link-${randomUUID()}` };
    },
  };
}

describe('the merchant password', () => {
  const logs = captureLogs();
  let kit: AccountsTestKit;
  const bodies: string[] = [];

  beforeAll(async () => {
    kit = await accountsTestKit({ config: { logLevel: 'trace' }, logStream: logs.stream });
  });
  afterAll(() => kit.close());

  it('appears in no table, no log line and no response', async () => {
    const merchant = await kit.merchant();
    const person = await kit.person();
    const verify = (accountNumber: string) =>
      person.browser.post('/api/accounts/verify', {
        merchantId: merchant.id,
        accountNumber,
        password: CANARY,
      });

    for (const mode of ['reject', 'fail', 'crash'] as const) {
      kit.adapter = leakyMerchant(mode);
      const response = await verify('CANARY-1');
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      bodies.push(response.body, JSON.stringify(response.headers));
    }
    kit.adapter = leakyMerchant('accept');
    const verified = await verify('CANARY-1');
    expect(verified.statusCode).toBe(200);
    bodies.push(verified.body, JSON.stringify(verified.headers));
    const saved = await person.browser.post('/api/accounts', {
      verificationId: verified.json().verificationId,
    });
    expect(saved.statusCode).toBe(201);
    bodies.push(saved.body);
    // A second verification stays unsaved (kept in account_verifications).
    const pending = await verify('CANARY-2');
    expect(pending.statusCode).toBe(200);
    bodies.push(pending.body);
    bodies.push((await person.browser.get('/api/accounts')).body);
    // Invalid requests (a wrong field type next to the password) are logged as failures too.
    const invalid = await person.browser.post('/api/accounts/verify', {
      merchantId: 'not-a-uuid',
      accountNumber: '<b>',
      password: CANARY,
    });
    expect(invalid.statusCode).toBe(400);
    bodies.push(invalid.body);

    for (const body of bodies) expect(body).not.toContain(CANARY);

    const tables = await kit.app.db.execute<{ table_name: string }>(sql`
      select table_name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE'`);
    expect(tables.rows.length).toBeGreaterThan(5);
    for (const { table_name } of tables.rows) {
      const dump = await kit.app.db.execute<{ row: string }>(
        sql`select row_to_json(t)::text as row from ${sql.identifier(table_name)} t`,
      );
      for (const { row } of dump.rows) expect(row, table_name).not.toContain(CANARY);
    }

    expect(logs.text().length).toBeGreaterThan(0);
    expect(logs.text()).not.toContain(CANARY);
    expect(logs.text()).toContain('merchant account verification failed');
  });
});
