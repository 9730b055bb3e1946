import { randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@server/db/client';
import { merchantAccounts, merchants, users } from '@server/db/schema';
import { DEMO_LINKED_CLIENT, DEMO_MERCHANTS, DEMO_SANDBOX_ACCOUNTS } from '@server/demo/merchants';
import { seedDemoData } from '@server/demo/seed';
import { SecretBox } from '@server/lib/crypto/secret-box';
import { createSandboxMerchantAdapter } from '@server/modules/merchants/adapters';
import { openTemplatePglite } from '@test/pglite-template';

// Always on a database of its own: the demo data is one set per database.
describe('demo merchants', () => {
  let database: DatabaseHandle;
  afterEach(() => database.close());

  const signal = () => AbortSignal.timeout(5_000);

  it('seeds the merchants, their sandbox accounts and one saved account for the demo client', async () => {
    database = await openTemplatePglite();
    const { db } = database;
    const secretBox = new SecretBox(randomBytes(32));
    expect(await seedDemoData(db, { merchants: { secretBox } })).toBe(true);

    const rows = await db
      .select()
      .from(merchants)
      .where(
        inArray(
          merchants.code,
          DEMO_MERCHANTS.map((merchant) => merchant.code),
        ),
      );
    expect(rows.map((row) => [row.code, row.status, row.connection]).sort()).toEqual([
      ['DAEHAN', 'active', 'sandbox'],
      ['HANBIT', 'active', 'sandbox'],
      ['OLDWAVE', 'disabled', 'sandbox'],
    ]);
    const byCode = new Map(rows.map((row) => [row.code, row]));

    // The documented numbers and passwords verify at the sandbox, with the documented balances.
    for (const account of DEMO_SANDBOX_ACCOUNTS) {
      const adapter = createSandboxMerchantAdapter(db, byCode.get(account.merchant)!.id);
      const verified = await adapter.verifyAccount(
        { accountNumber: account.accountNumber, password: account.password },
        signal(),
      );
      expect(verified.holderName).toBe('홍길동');
      const { balance } = await adapter.getBalance(
        { accountNumber: account.accountNumber, linkToken: verified.linkToken },
        signal(),
      );
      expect(Number(balance)).toBe(Number(account.balance));
    }

    // The demo client has the HANBIT account saved as default, with a working link token.
    const [client] = await db.select().from(users).where(eq(users.email, DEMO_LINKED_CLIENT));
    const saved = await db
      .select()
      .from(merchantAccounts)
      .where(eq(merchantAccounts.userId, client!.id));
    expect(saved).toHaveLength(1);
    const [account] = saved;
    expect(account).toMatchObject({
      accountNumber: '1002-3344-5566',
      isDefault: true,
      merchantId: byCode.get('HANBIT')!.id,
    });
    const linkToken = secretBox.open(account!.linkTokenCiphertext, account!.id);
    const hanbit = createSandboxMerchantAdapter(db, byCode.get('HANBIT')!.id);
    const { balance } = await hanbit.getBalance(
      { accountNumber: account!.accountNumber, linkToken },
      signal(),
    );
    expect(Number(balance)).toBe(1250.5);
  });

  it('seeds merchants without a pre-saved account when no secret box is given', async () => {
    database = await openTemplatePglite();
    expect(await seedDemoData(database.db)).toBe(true);
    expect(await database.db.select().from(merchants)).toHaveLength(3);
    expect(await database.db.select().from(merchantAccounts)).toHaveLength(0);
  });
});
