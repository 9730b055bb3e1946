import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@server/db/client';
import { migrateDatabase } from '@server/db/migrate';
import { merchants, sandboxMerchantAccounts, sandboxMerchantTransfers } from '@server/db/schema';
import { MerchantError, type MerchantAdapter } from '@server/modules/merchants/adapter';
import {
  createSandboxMerchantAdapter,
  seedSandboxAccount,
} from '@server/modules/merchants/adapters/sandbox-adapter';
import { openTestDatabase } from '@test/helpers';

const never = () => new AbortController().signal;

async function merchantError(promise: Promise<unknown>): Promise<MerchantError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(MerchantError);
  return error as MerchantError;
}

describe('sandbox merchant adapter', () => {
  let handle: DatabaseHandle;
  let merchantId: string;
  let otherMerchantId: string;
  let adapter: MerchantAdapter;
  const merchantIds: string[] = [];

  async function addMerchant(): Promise<string> {
    const code = `SB-${randomBytes(5).toString('hex').toUpperCase()}`;
    const [row] = await handle.db
      .insert(merchants)
      .values({
        code,
        name: `Sandbox ${code}`,
        asset: 'USDT',
        minPerRequest: '0.00000001',
        maxPerRequest: '1000000',
        connection: 'sandbox',
      })
      .returning({ id: merchants.id });
    merchantIds.push(row!.id);
    return row!.id;
  }

  beforeAll(async () => {
    handle = await openTestDatabase();
    await migrateDatabase(handle);
    merchantId = await addMerchant();
    otherMerchantId = await addMerchant();
    adapter = createSandboxMerchantAdapter(handle.db, merchantId);
    await seedSandboxAccount(handle.db, merchantId, {
      accountNumber: 'S-1',
      password: 'pw-one',
      holderName: 'Kim Minji',
      balance: '0.3',
    });
    await seedSandboxAccount(handle.db, merchantId, {
      accountNumber: 'S-2',
      password: 'pw-two',
      holderName: 'Lee Junho',
      balance: '100',
    });
    await seedSandboxAccount(handle.db, otherMerchantId, {
      accountNumber: 'S-1',
      password: 'pw-one',
      holderName: 'Someone else',
      balance: '7',
    });
  });
  afterAll(async () => {
    if (merchantIds.length > 0) {
      await handle.db.delete(merchants).where(inArray(merchants.id, merchantIds));
    }
    await handle.close();
  });

  async function link(accountNumber: string, password: string) {
    const verified = await adapter.verifyAccount({ accountNumber, password }, never());
    return { accountNumber, linkToken: verified.linkToken };
  }

  it('verifies, reads the balance, credits and debits with exact decimals', async () => {
    const verified = await adapter.verifyAccount(
      { accountNumber: 'S-1', password: 'pw-one' },
      never(),
    );
    expect(verified.holderName).toBe('Kim Minji');
    const account = { accountNumber: 'S-1', linkToken: verified.linkToken };
    expect(await adapter.getBalance(account, never())).toEqual({ balance: '0.3' });
    const credit = await adapter.credit(
      { ...account, amount: '0.1', idempotencyKey: randomUUID(), reference: 'T-1' },
      never(),
    );
    expect(credit).toMatchObject({ balanceAfter: '0.4', replayed: false });
    const debit = await adapter.debit(
      { ...account, amount: '0.39999999', idempotencyKey: randomUUID(), reference: 'T-2' },
      never(),
    );
    expect(debit).toMatchObject({ balanceAfter: '0.00000001', replayed: false });
    expect(await adapter.getBalance(account, never())).toEqual({ balance: '0.00000001' });
  });

  it('answers a wrong password and an unknown account the same way', async () => {
    const wrong = await merchantError(
      adapter.verifyAccount({ accountNumber: 'S-1', password: 'nope' }, never()),
    );
    const unknown = await merchantError(
      adapter.verifyAccount({ accountNumber: 'S-404', password: 'pw-one' }, never()),
    );
    expect(wrong.kind).toBe('rejected_credentials');
    expect(unknown.kind).toBe('rejected_credentials');
    expect(wrong.message).toBe(unknown.message);
  });

  it('accepts only the link tokens it issued, for that account at that merchant', async () => {
    const account = await link('S-2', 'pw-two');
    const cases = [
      { accountNumber: 'S-2', linkToken: 'forged' },
      { accountNumber: 'S-1', linkToken: account.linkToken },
      { accountNumber: 'S-404', linkToken: account.linkToken },
    ];
    for (const linked of cases) {
      const error = await merchantError(adapter.getBalance(linked, never()));
      expect(error.kind).toBe('link_invalid');
      expect(error.message).not.toContain(account.linkToken);
    }
    // The same account number at another sandbox merchant is another account.
    const other = createSandboxMerchantAdapter(handle.db, otherMerchantId);
    const otherLink = await other.verifyAccount(
      { accountNumber: 'S-1', password: 'pw-one' },
      never(),
    );
    const crossed = await merchantError(
      adapter.getBalance({ accountNumber: 'S-1', linkToken: otherLink.linkToken }, never()),
    );
    expect(crossed.kind).toBe('link_invalid');
    const transfer = { ...cases[0]!, amount: '1', idempotencyKey: randomUUID(), reference: 'T' };
    expect((await merchantError(adapter.credit(transfer, never()))).kind).toBe('link_invalid');
  });

  it('refuses a debit larger than the balance and leaves it unchanged', async () => {
    const account = await link('S-2', 'pw-two');
    const { balance } = await adapter.getBalance(account, never());
    const error = await merchantError(
      adapter.debit(
        { ...account, amount: '1000000', idempotencyKey: randomUUID(), reference: 'T-3' },
        never(),
      ),
    );
    expect(error.kind).toBe('insufficient_funds');
    expect(await adapter.getBalance(account, never())).toEqual({ balance });
  });

  it('applies a repeated idempotency key once, even when the retries race', async () => {
    const account = await link('S-2', 'pw-two');
    const { balance: before } = await adapter.getBalance(account, never());
    const transfer = { ...account, amount: '1.25', idempotencyKey: randomUUID(), reference: 'T-4' };
    const results = await Promise.all(
      Array.from({ length: 5 }, () => adapter.debit(transfer, never())),
    );
    expect(results.filter((result) => !result.replayed)).toHaveLength(1);
    const first = results.find((result) => !result.replayed)!;
    for (const result of results) {
      expect(result).toEqual({ ...first, replayed: result.replayed });
    }
    expect(before).toBe('100');
    expect(first.balanceAfter).toBe('98.75');
    expect(await adapter.getBalance(account, never())).toEqual({ balance: '98.75' });
    const stored = await handle.db
      .select()
      .from(sandboxMerchantTransfers)
      .where(eq(sandboxMerchantTransfers.idempotencyKey, transfer.idempotencyKey));
    expect(stored).toHaveLength(1);

    for (const changed of [
      { ...transfer, amount: '2' },
      { ...transfer, accountNumber: 'S-1' },
    ]) {
      const conflict = await merchantError(adapter.debit(changed, never()));
      expect(conflict).toMatchObject({ kind: 'unavailable', reason: 'idempotency_conflict' });
    }
    const asCredit = await merchantError(adapter.credit(transfer, never()));
    expect(asCredit.reason).toBe('idempotency_conflict');
    expect(await adapter.getBalance(account, never())).toEqual({ balance: '98.75' });
  });

  it('lets exactly 5 of 20 concurrent debits through when 5 fit, never below zero', async () => {
    await seedSandboxAccount(handle.db, merchantId, {
      accountNumber: 'S-RACE',
      password: 'pw-race',
      holderName: 'Race',
      balance: '5',
    });
    const account = await link('S-RACE', 'pw-race');
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, (_, index) =>
        adapter.debit(
          { ...account, amount: '1', idempotencyKey: randomUUID(), reference: `R-${index}` },
          never(),
        ),
      ),
    );
    const succeeded = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    const failed = outcomes.filter((outcome) => outcome.status === 'rejected');
    expect(succeeded).toHaveLength(5);
    for (const outcome of failed) {
      expect((outcome.reason as MerchantError).kind).toBe('insufficient_funds');
    }
    const afters = succeeded.map((outcome) => outcome.value.balanceAfter).sort();
    expect(afters).toEqual(['0', '1', '2', '3', '4']);
    expect(await adapter.getBalance(account, never())).toEqual({ balance: '0' });
    const [row] = await handle.db
      .select({ balance: sandboxMerchantAccounts.balance })
      .from(sandboxMerchantAccounts)
      .where(
        and(
          eq(sandboxMerchantAccounts.merchantId, merchantId),
          eq(sandboxMerchantAccounts.accountNumber, 'S-RACE'),
        ),
      );
    expect(row!.balance).toMatch(/^0(\.0+)?$/);
  });

  it('does not reset an account when seeded again', async () => {
    await seedSandboxAccount(handle.db, merchantId, {
      accountNumber: 'S-2',
      password: 'changed',
      holderName: 'Changed',
      balance: '1',
    });
    const account = await link('S-2', 'pw-two');
    expect(await adapter.getBalance(account, never())).toEqual({ balance: '98.75' });
  });

  it('gives up before starting when the caller has cancelled', async () => {
    const controller = new AbortController();
    controller.abort();
    const error = await merchantError(
      adapter.verifyAccount({ accountNumber: 'S-1', password: 'pw-one' }, controller.signal),
    );
    expect(error).toMatchObject({ kind: 'unavailable', reason: 'cancelled' });
  });
});
