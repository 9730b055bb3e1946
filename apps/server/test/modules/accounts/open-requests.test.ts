import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { merchantAccounts } from '@server/db/schema';
import { hasOpenRequests } from '@server/modules/accounts/open-requests';
import { accountsTestKit, type AccountsTestKit } from './accounts-test-kit';

// Stands in for the money issue's check on the transactions table.
vi.mock('@server/modules/accounts/open-requests', () => ({
  hasOpenRequests: vi.fn(async () => false),
}));

describe('deleting an account with open buy or sell requests', () => {
  let kit: AccountsTestKit;

  beforeAll(async () => {
    kit = await accountsTestKit();
  });
  afterAll(() => kit.close());

  it('is refused with 409 ACCOUNT_HAS_OPEN_REQUESTS and a message saying why', async () => {
    const merchant = await kit.merchant();
    const person = await kit.person();
    const id = await kit.saveAccount(person, merchant, 'OPEN-1');

    vi.mocked(hasOpenRequests).mockResolvedValueOnce(true);
    const refused = await person.browser.delete(`/api/accounts/${id}`);
    expect(refused.statusCode).toBe(409);
    const { error } = refused.json<{ error: { code: string; message: string } }>();
    expect(error.code).toBe('ACCOUNT_HAS_OPEN_REQUESTS');
    expect(error.message).toMatch(/open buy or sell requests/);
    expect(vi.mocked(hasOpenRequests)).toHaveBeenLastCalledWith(expect.anything(), id);
    const kept = await kit.app.db
      .select()
      .from(merchantAccounts)
      .where(eq(merchantAccounts.id, id));
    expect(kept).toHaveLength(1);

    // Once nothing is open, it goes.
    expect((await person.browser.delete(`/api/accounts/${id}`)).statusCode).toBe(204);
  });
});

describe('hasOpenRequests before the transactions table exists', () => {
  it('answers false', async () => {
    const actual = await vi.importActual<typeof import('@server/modules/accounts/open-requests')>(
      '@server/modules/accounts/open-requests',
    );
    expect(await actual.hasOpenRequests({} as never, 'any')).toBe(false);
  });
});
