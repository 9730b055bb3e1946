import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TransactionDetail } from '@portal/contract/transactions';
import { moneyKit, type MoneyKit, type Person } from './money-test-kit';

/**
 * Idempotency-Key on money-moving requests: a retried request never makes a second transaction.
 * The quote token is part of the payload, so one quote is taken and reused for every replay.
 */
let kit: MoneyKit;
beforeAll(async () => {
  kit = await moneyKit({ config: { logLevel: 'error' } });
});
afterAll(() => kit.close());

function buy(owner: Person, body: Record<string, string>, key: string | undefined) {
  return owner.browser.post(
    '/api/transactions/buy',
    body,
    key === undefined ? {} : { headers: { 'idempotency-key': key } },
  );
}

async function transactionsOf(userId: string): Promise<string[]> {
  const result = await kit.app.db.execute<{ id: string }>(
    sql`select id from transactions where user_id = ${userId}`,
  );
  return result.rows.map((row) => row.id);
}

describe('Idempotency-Key', () => {
  it('100 sequential replays of one buy make one transaction and get the same answer', async () => {
    const owner = await kit.person();
    const account = await kit.account(owner);
    const body = {
      accountId: account.id,
      amount: '3.5',
      quoteToken: await kit.quote(owner, 'buy'),
    };
    const key = randomUUID();

    const first = await buy(owner, body, key);
    expect(first.statusCode).toBe(201);
    const original = first.json<TransactionDetail>();
    for (let i = 0; i < 100; i += 1) {
      const replay = await buy(owner, body, key);
      expect(replay.statusCode).toBe(201);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(replay.json()).toEqual(original);
    }
    expect(await transactionsOf(owner.id)).toEqual([original.id]);
  });

  it('20 concurrent requests with one key make exactly one transaction', async () => {
    const owner = await kit.person();
    const account = await kit.account(owner);
    const body = {
      accountId: account.id,
      amount: '4.25',
      quoteToken: await kit.quote(owner, 'buy'),
    };
    const key = randomUUID();

    const responses = await Promise.all(Array.from({ length: 20 }, () => buy(owner, body, key)));
    const created = await transactionsOf(owner.id);
    expect(created).toHaveLength(1);
    const counts = { created: 0, inProgress: 0 };
    for (const response of responses) {
      if (response.statusCode === 201) {
        expect(response.json<TransactionDetail>().id).toBe(created[0]);
        counts.created += 1;
      } else {
        expect(response.statusCode).toBe(409);
        expect(response.json()).toMatchObject({ error: { code: 'IDEMPOTENCY_IN_PROGRESS' } });
        counts.inProgress += 1;
      }
    }
    expect(counts.created).toBeGreaterThanOrEqual(1);
    console.log(`[idempotency] 20 concurrent with one key: ${JSON.stringify(counts)}`);

    // Once the first has finished, every retry gets its answer.
    const later = await buy(owner, body, key);
    expect(later.statusCode).toBe(201);
    expect(later.json<TransactionDetail>().id).toBe(created[0]);
  });

  it('the same key with another amount is refused; no key is refused', async () => {
    const owner = await kit.person();
    const account = await kit.account(owner);
    const quoteToken = await kit.quote(owner, 'buy');
    const key = randomUUID();
    const first = await buy(owner, { accountId: account.id, amount: '1', quoteToken }, key);
    expect(first.statusCode).toBe(201);

    const reused = await buy(owner, { accountId: account.id, amount: '2', quoteToken }, key);
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toMatchObject({ error: { code: 'IDEMPOTENCY_KEY_REUSED' } });

    const missing = await buy(owner, { accountId: account.id, amount: '2', quoteToken }, undefined);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ error: { code: 'IDEMPOTENCY_KEY_REQUIRED' } });

    expect(await transactionsOf(owner.id)).toEqual([first.json<TransactionDetail>().id]);
  });
  it('keeps the key in the same database transaction as the request it made', async () => {
    // So no crash can part them: killed before the commit, neither exists and the retry runs for
    // real; after it, both do and the retry gets the stored answer (tools/hardening crash tests).
    const owner = await kit.person();
    const account = await kit.account(owner, '50');
    for (const side of ['buy', 'sell'] as const) {
      const key = randomUUID();
      const made = await kit.request(owner, side, account.id, '2', key);
      expect(made.statusCode).toBe(201);
      const result = await kit.app.db.execute<{ same: boolean; status: number }>(
        sql`select k.xmin::text = t.xmin::text as same, k.response_status as status
              from idempotency_keys k, transactions t
             where k.user_id = ${owner.id} and k.key = ${key}
               and t.id = ${made.json<TransactionDetail>().id}`,
      );
      expect(result.rows).toEqual([{ same: true, status: 201 }]);
    }
  });
});
