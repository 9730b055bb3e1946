import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchantAccounts } from '@server/db/schema';
import { accountsTestKit, type AccountsTestKit } from './accounts-test-kit';

describe('the default account under concurrency', () => {
  let kit: AccountsTestKit;

  beforeAll(async () => {
    kit = await accountsTestKit();
  });
  afterAll(() => kit.close());

  it('ends with exactly one default after 20 concurrent "make default" calls on 5 accounts', async () => {
    const merchant = await kit.merchant();
    const person = await kit.person();
    const ids: string[] = [];
    for (let index = 0; index < 5; index += 1) {
      ids.push(await kit.saveAccount(person, merchant, `CONC-${index}`));
    }

    const responses = await Promise.all(
      Array.from({ length: 20 }, (_unused, index) =>
        person.browser.post(`/api/accounts/${ids[index % ids.length]}/default`),
      ),
    );
    for (const response of responses) expect(response.statusCode, response.body).toBe(200);

    const defaults = await kit.app.db
      .select({ id: merchantAccounts.id })
      .from(merchantAccounts)
      .where(and(eq(merchantAccounts.userId, person.id), eq(merchantAccounts.isDefault, true)));
    expect(defaults).toHaveLength(1);
    const listed = await person.browser.get('/api/accounts');
    const items = listed.json<{ items: { id: string; isDefault: boolean }[] }>().items;
    expect(items).toHaveLength(5);
    expect(items.filter((item) => item.isDefault)).toHaveLength(1);
    expect(items[0]!.isDefault).toBe(true);
  });

  it('keeps one default while defaults and deletes race', async () => {
    const merchant = await kit.merchant();
    const person = await kit.person();
    const ids: string[] = [];
    for (let index = 0; index < 5; index += 1) {
      ids.push(await kit.saveAccount(person, merchant, `RACE-${index}`));
    }
    const calls = [
      ...ids.map((id) => person.browser.post(`/api/accounts/${id}/default`)),
      person.browser.delete(`/api/accounts/${ids[0]}`),
      person.browser.delete(`/api/accounts/${ids[1]}`),
      ...ids.map((id) => person.browser.post(`/api/accounts/${id}/default`)),
    ];
    for (const response of await Promise.all(calls)) {
      expect([200, 204, 404], response.body).toContain(response.statusCode);
    }
    const rows = await kit.app.db
      .select({ id: merchantAccounts.id, isDefault: merchantAccounts.isDefault })
      .from(merchantAccounts)
      .where(eq(merchantAccounts.userId, person.id));
    expect(rows).toHaveLength(3);
    expect(rows.filter((row) => row.isDefault)).toHaveLength(1);
  });
});
