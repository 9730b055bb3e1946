import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@server/db/client';
import { migrateDatabase } from '@server/db/migrate';
import { merchants, sandboxMerchantAccounts } from '@server/db/schema';
import { MerchantError, type MerchantAdapter } from '@server/modules/merchants/adapter';
import {
  createSandboxMerchantAdapter,
  seedSandboxAccount,
} from '@server/modules/merchants/adapters/sandbox-adapter';
import { openTestDatabase } from '@test/helpers';

const never = () => new AbortController().signal;

async function kindOf(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(MerchantError);
  return (error as MerchantError).kind;
}

describe('sandbox merchant adapter: closed accounts', () => {
  let handle: DatabaseHandle;
  let merchantId: string;
  let adapter: MerchantAdapter;

  beforeAll(async () => {
    handle = await openTestDatabase();
    await migrateDatabase(handle);
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
    merchantId = row!.id;
    adapter = createSandboxMerchantAdapter(handle.db, merchantId);
    await seedSandboxAccount(handle.db, merchantId, {
      accountNumber: 'C-1',
      password: 'pw-closed',
      holderName: 'Kim Minji',
      balance: '50',
    });
  });
  afterAll(async () => {
    await handle.db.delete(merchants).where(eq(merchants.id, merchantId));
    await handle.close();
  });

  it('links while open, then refuses to verify and treats the links as invalid once closed', async () => {
    const verified = await adapter.verifyAccount(
      { accountNumber: 'C-1', password: 'pw-closed' },
      never(),
    );
    const linked = { accountNumber: 'C-1', linkToken: verified.linkToken };
    expect(await adapter.getBalance(linked, never())).toEqual({ balance: '50' });

    await handle.db
      .update(sandboxMerchantAccounts)
      .set({ closedAt: sql`now()` })
      .where(
        and(
          eq(sandboxMerchantAccounts.merchantId, merchantId),
          eq(sandboxMerchantAccounts.accountNumber, 'C-1'),
        ),
      );

    expect(
      await kindOf(adapter.verifyAccount({ accountNumber: 'C-1', password: 'pw-closed' }, never())),
    ).toBe('rejected_credentials');
    expect(await kindOf(adapter.getBalance(linked, never()))).toBe('link_invalid');
    const transfer = (key: string) => ({
      ...linked,
      amount: '1',
      idempotencyKey: key,
      reference: 'T-1',
    });
    expect(
      await kindOf(adapter.credit(transfer(`c-${randomBytes(6).toString('hex')}`), never())),
    ).toBe('link_invalid');
    expect(
      await kindOf(adapter.debit(transfer(`d-${randomBytes(6).toString('hex')}`), never())),
    ).toBe('link_invalid');

    const [after] = await handle.db
      .select({ balance: sandboxMerchantAccounts.balance })
      .from(sandboxMerchantAccounts)
      .where(
        and(
          eq(sandboxMerchantAccounts.merchantId, merchantId),
          eq(sandboxMerchantAccounts.accountNumber, 'C-1'),
        ),
      );
    expect(Number(after!.balance)).toBe(50);
  });
});
