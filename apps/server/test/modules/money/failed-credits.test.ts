import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FailedCreditList } from '@portal/contract/merchant-credits';
import type { OperatorTransaction, TransactionDetail } from '@portal/contract/transactions';
import type { App } from '@server/lib/zod-routes';
import { deliverDueCredits } from '@server/modules/transactions/merchant-credits';
import {
  HEALTHY_LEDGER,
  deposit,
  ledgerHealth,
  moneyKit,
  sameAmount,
  uniqueAmount,
  type MoneyKit,
  type Person,
} from './money-test-kit';

/**
 * A buy whose asset the merchant will not take: the won has arrived, so the credit must not be
 * lost. It fails for good when the merchant no longer accepts the account link, shows as failed to
 * the user and in the operator's list, and goes out once more when the operator retries it after
 * the cause is fixed: credited exactly once, with the ledger whole.
 */
let kit: MoneyKit;
let operator: Person;
beforeAll(async () => {
  kit = await moneyKit();
  operator = await kit.person({ role: 'operator' });
});
afterAll(() => kit.app.close());

/** Delivers every due credit (other tests' leftovers on a shared database included). */
async function deliverAll(app: App): Promise<void> {
  for (let round = 0; round < 20; round += 1) {
    if ((await deliverDueCredits(app, 1000)) === 0) return;
  }
}

async function sandboxAccount(accountNumber: string) {
  const result = await kit.app.db.execute<{ balance: string; password_hash: string }>(
    sql`select balance::text as balance, password_hash from sandbox_merchant_accounts
         where merchant_id = ${kit.merchantId} and account_number = ${accountNumber}`,
  );
  return result.rows[0]!;
}

/** The merchant's side of the account link: a new password there voids the portal's link. */
async function setSandboxPasswordHash(accountNumber: string, hash: string) {
  await kit.app.db.execute(
    sql`update sandbox_merchant_accounts set password_hash = ${hash}
         where merchant_id = ${kit.merchantId} and account_number = ${accountNumber}`,
  );
}

describe('a merchant credit that fails for good', () => {
  it('is shown as failed, listed for the operator, and delivered once after a retry', async () => {
    const owner = await kit.person();
    const account = await kit.account(owner, '10');
    const amount = uniqueAmount();
    const buy = await kit.made(owner, 'buy', account.id, amount);
    const original = await sandboxAccount(account.accountNumber);
    await setSandboxPasswordHash(account.accountNumber, `${original.password_hash}-changed`);

    const recorded = await deposit(kit.app, { depositorName: owner.name, amountKrw: buy.totalKrw });
    expect(recorded.deposit.status).toBe('settled');
    await deliverAll(kit.app);

    const seen = (await owner.browser.get(`/api/transactions/${buy.id}`)).json<TransactionDetail>();
    expect(seen).toMatchObject({ status: 'Completed', creditStatus: 'failed' });
    const listed = (
      await operator.browser.get('/api/operator/merchant-credits')
    ).json<FailedCreditList>();
    const mine = listed.items.find((item) => item.transaction.id === buy.id);
    expect(mine).toMatchObject({ attempts: 1, transaction: { number: buy.number } });
    expect(mine?.lastError).toMatch(/^link_invalid/);
    expect((await sandboxAccount(account.accountNumber)).balance).toMatch(/^10(\.0+)?$/);

    // The account is linked again at the merchant; the operator sends the credit once more.
    await setSandboxPasswordHash(account.accountNumber, original.password_hash);
    const retried = await operator.browser.post(
      `/api/operator/transactions/${buy.id}/retry-credit`,
      {
        note: 'account relinked at the merchant',
      },
    );
    expect(retried.statusCode).toBe(200);
    expect(retried.json<OperatorTransaction>()).toMatchObject({ creditStatus: 'pending' });
    const again = await operator.browser.post(
      `/api/operator/transactions/${buy.id}/retry-credit`,
      {},
    );
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: { code: 'TRANSITION_NOT_ALLOWED' } });

    await deliverAll(kit.app);
    await deliverAll(kit.app);
    const after = (
      await owner.browser.get(`/api/transactions/${buy.id}`)
    ).json<TransactionDetail>();
    expect(after.creditStatus).toBe('delivered');
    const balance = (await sandboxAccount(account.accountNumber)).balance;
    const expected = await kit.app.db.execute<{ sum: string }>(
      sql`select (10 + ${amount}::numeric)::text as sum`,
    );
    expect(sameAmount(balance, expected.rows[0]!.sum)).toBe(true);
    expect(
      (await operator.browser.get('/api/operator/merchant-credits'))
        .json<FailedCreditList>()
        .items.some((item) => item.transaction.id === buy.id),
    ).toBe(false);
    const audit = await kit.app.db.execute<{ n: number }>(
      sql`select count(*)::int as n from audit_events
           where action = 'merchant_credit_retried' and actor_user_id = ${operator.id}
             and subject_user_id = ${owner.id} and details->>'transaction' = ${buy.number}`,
    );
    expect(audit.rows[0]!.n).toBe(1);
    expect(await ledgerHealth(kit.app)).toEqual(HEALTHY_LEDGER);
  });

  it('refuses a retry of a credit that has not failed, of an unknown request, and from a client', async () => {
    const owner = await kit.person();
    const account = await kit.account(owner, '10');
    const buy = await kit.made(owner, 'buy', account.id, uniqueAmount());
    const open = await operator.browser.post(
      `/api/operator/transactions/${buy.id}/retry-credit`,
      {},
    );
    expect(open.statusCode).toBe(409);
    expect(open.json()).toMatchObject({ error: { code: 'TRANSITION_NOT_ALLOWED' } });
    const unknown = await operator.browser.post(
      `/api/operator/transactions/${randomUUID()}/retry-credit`,
      {},
    );
    expect(unknown.statusCode).toBe(404);
    const client = await owner.browser.post(
      `/api/operator/transactions/${buy.id}/retry-credit`,
      {},
    );
    expect(client.statusCode).toBe(403);
    expect((await owner.browser.get('/api/operator/merchant-credits')).statusCode).toBe(403);
  });
});
