import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountVerifications, merchantAccounts, merchants } from '@server/db/schema';
import { MerchantError } from '@server/modules/merchants/adapter';
import {
  HOLDER_NAME,
  RIGHT_PASSWORD,
  accountsTestKit,
  fakeMerchant,
  type AccountsTestKit,
  type Person,
  type TestMerchant,
} from './accounts-test-kit';

interface AccountBody {
  id: string;
  name: string;
  isDefault: boolean;
  accountNumber: string;
  holderName: string;
  merchant: { id: string; code: string };
}

describe('saved merchant accounts', () => {
  let kit: AccountsTestKit;
  let merchant: TestMerchant;

  beforeAll(async () => {
    kit = await accountsTestKit({ timeoutMs: 300 });
    merchant = await kit.merchant();
  });
  afterAll(() => kit.close());

  /** Each person verifies an account number of their own unless told otherwise. */
  const numbers = new Map<string, string>();
  const numberOf = (person: Person) => {
    if (!numbers.has(person.id)) numbers.set(person.id, `1002-${3344 + numbers.size}`);
    return numbers.get(person.id)!;
  };
  function verify(person: Person, body: Record<string, unknown>) {
    return person.browser.post('/api/accounts/verify', {
      merchantId: merchant.id,
      accountNumber: numberOf(person),
      password: RIGHT_PASSWORD,
      ...body,
    });
  }

  async function listOf(person: Person): Promise<AccountBody[]> {
    const response = await person.browser.get('/api/accounts');
    expect(response.statusCode).toBe(200);
    return response.json<{ items: AccountBody[] }>().items;
  }

  it('refuses anonymous callers', async () => {
    const anonymous = await kit.anonymous();
    expect((await anonymous.get('/api/accounts')).statusCode).toBe(401);
    expect((await anonymous.get('/api/merchants')).statusCode).toBe(401);
    const response = await anonymous.post('/api/accounts/verify', {
      merchantId: merchant.id,
      accountNumber: '1',
      password: 'x',
    });
    expect(response.statusCode).toBe(401);
  });

  it('verifies, saves with the holder name, and makes the first account the default', async () => {
    kit.adapter = fakeMerchant();
    const person = await kit.person();
    const verified = await verify(person, {});
    expect(verified.statusCode).toBe(200);
    const body = verified.json<Record<string, string>>();
    expect(body).toMatchObject({
      holderName: HOLDER_NAME,
      accountNumber: '1002-3344',
      merchantId: merchant.id,
    });
    expect(Object.keys(body).sort()).toEqual(
      ['accountNumber', 'expiresAt', 'holderName', 'merchantId', 'verificationId'].sort(),
    );
    const expiresIn = new Date(body.expiresAt!).getTime() - Date.now();
    expect(expiresIn).toBeGreaterThan(9 * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(10 * 60_000 + 5_000);

    // The link token is kept sealed with the verification's id.
    const [stored] = await kit.app.db
      .select()
      .from(accountVerifications)
      .where(eq(accountVerifications.id, body.verificationId!));
    expect(kit.secretBox.open(stored!.linkTokenCiphertext, stored!.id)).toMatch(/^link-/);

    const saved = await person.browser.post('/api/accounts', {
      verificationId: body.verificationId,
    });
    expect(saved.statusCode).toBe(201);
    const account = saved.json<AccountBody>();
    expect(account).toMatchObject({
      name: HOLDER_NAME,
      holderName: HOLDER_NAME,
      isDefault: true,
      accountNumber: '1002-3344',
      merchant: { id: merchant.id, code: merchant.code },
    });
    const [row] = await kit.app.db
      .select()
      .from(merchantAccounts)
      .where(eq(merchantAccounts.id, account.id));
    // Re-sealed with the account's own id; the verification is used up.
    expect(kit.secretBox.open(row!.linkTokenCiphertext, account.id)).toMatch(/^link-/);
    expect(() => kit.secretBox.open(row!.linkTokenCiphertext, stored!.id)).toThrow();
    const left = await kit.app.db
      .select()
      .from(accountVerifications)
      .where(eq(accountVerifications.id, body.verificationId!));
    expect(left).toHaveLength(0);

    // A used verification cannot be used again.
    const again = await person.browser.post('/api/accounts', {
      verificationId: body.verificationId,
    });
    expect(again.statusCode).toBe(410);
    expect(again.json().error.code).toBe('VERIFICATION_EXPIRED');

    // The second account is not the default; the list puts the default first, then newest.
    const second = await kit.saveAccount(person, merchant, 'SECOND-1', 'My second');
    const third = await kit.saveAccount(person, merchant, 'THIRD-1');
    const items = await listOf(person);
    expect(items.map((item) => item.id)).toEqual([account.id, third, second]);
    expect(items.map((item) => item.isDefault)).toEqual([true, false, false]);
    expect(items[2]!.name).toBe('My second');
  });

  it('refuses wrong credentials with MERCHANT_ACCOUNT_REJECTED and stores nothing', async () => {
    kit.adapter = fakeMerchant();
    const person = await kit.person();
    const response = await verify(person, { password: 'wrong-password' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('MERCHANT_ACCOUNT_REJECTED');
    const rows = await kit.app.db
      .select()
      .from(accountVerifications)
      .where(eq(accountVerifications.userId, person.id));
    expect(rows).toHaveLength(0);
  });

  it('answers 503 MERCHANT_UNAVAILABLE when the merchant fails, throws oddly, or hangs', async () => {
    const person = await kit.person();
    const failing = [
      () => Promise.reject(new MerchantError('unavailable', 'down')),
      () => Promise.reject(new MerchantError('link_invalid', 'odd')),
      () => Promise.reject(new TypeError('a bug in the adapter')),
      () => Promise.resolve({ holderName: '', linkToken: '' }),
      // Ignores its signal and never settles.
      () => new Promise<never>(() => {}),
    ];
    for (const verifyAccount of failing) {
      kit.adapter = { ...fakeMerchant(), verifyAccount };
      // The one that never settles is answered at the kit's deadline, not left hanging.
      const response = await verify(person, {});
      expect(response.statusCode, response.body).toBe(503);
      expect(response.json().error.code).toBe('MERCHANT_UNAVAILABLE');
    }
    kit.adapter = fakeMerchant();
  });

  it('gives the adapter a signal that aborts at the deadline', async () => {
    const person = await kit.person();
    let aborted = false;
    kit.adapter = {
      ...fakeMerchant(),
      verifyAccount: (_input, signal) =>
        new Promise((_resolve, reject) => {
          signal.addEventListener('abort', () => {
            aborted = true;
            reject(new MerchantError('unavailable', 'aborted'));
          });
        }),
    };
    const started = Date.now();
    const response = await verify(person, {});
    expect(response.statusCode).toBe(503);
    expect(aborted).toBe(true);
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    kit.adapter = fakeMerchant();
  });

  it('refuses unknown and disabled merchants with MERCHANT_NOT_AVAILABLE', async () => {
    kit.adapter = fakeMerchant();
    const person = await kit.person();
    const disabled = await kit.merchant({ status: 'disabled' });
    for (const merchantId of [disabled.id, '00000000-0000-4000-8000-000000000000']) {
      const response = await verify(person, { merchantId });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('MERCHANT_NOT_AVAILABLE');
    }
  });

  it('refuses to save when the merchant was disabled after verifying', async () => {
    kit.adapter = fakeMerchant();
    const person = await kit.person();
    const soon = await kit.merchant();
    const verified = await person.browser.post('/api/accounts/verify', {
      merchantId: soon.id,
      accountNumber: 'A-1',
      password: RIGHT_PASSWORD,
    });
    expect(verified.statusCode).toBe(200);
    await kit.app.db.update(merchants).set({ status: 'disabled' }).where(eq(merchants.id, soon.id));
    const saved = await person.browser.post('/api/accounts', {
      verificationId: verified.json().verificationId,
    });
    expect(saved.statusCode).toBe(400);
    expect(saved.json().error.code).toBe('MERCHANT_NOT_AVAILABLE');
    expect(await listOf(person)).toEqual([]);
  });

  it('refuses an expired verification, and one of another user, with 410', async () => {
    kit.adapter = fakeMerchant();
    const person = await kit.person();
    const other = await kit.person();
    const verified = await verify(person, { accountNumber: 'EXP-1' });
    const { verificationId } = verified.json<{ verificationId: string }>();

    const stolen = await other.browser.post('/api/accounts', { verificationId });
    expect(stolen.statusCode).toBe(410);
    expect(stolen.json().error.code).toBe('VERIFICATION_EXPIRED');

    await kit.app.db
      .update(accountVerifications)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(accountVerifications.id, verificationId));
    const expired = await person.browser.post('/api/accounts', { verificationId });
    expect(expired.statusCode).toBe(410);
    expect(expired.json().error.code).toBe('VERIFICATION_EXPIRED');
    expect(await listOf(person)).toEqual([]);
  });

  it('refuses an account saved already, at verify and at submit', async () => {
    kit.adapter = fakeMerchant();
    const person = await kit.person();
    // Two verifications of the same account, then both submitted.
    const first = await verify(person, { accountNumber: 'DUP-1' });
    const second = await verify(person, { accountNumber: 'DUP-1' });
    const saved = await person.browser.post('/api/accounts', {
      verificationId: first.json().verificationId,
    });
    expect(saved.statusCode).toBe(201);
    const duplicate = await person.browser.post('/api/accounts', {
      verificationId: second.json().verificationId,
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error.code).toBe('ACCOUNT_ALREADY_SAVED');

    const again = await verify(person, { accountNumber: 'DUP-1' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('ACCOUNT_ALREADY_SAVED');

    // Another user may not: one merchant account, one owner (docs/decisions/010).
    const other = await kit.person();
    const taken = await verify(other, { accountNumber: 'DUP-1' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.code).toBe('MERCHANT_ACCOUNT_TAKEN');
  });

  it('two users verifying one account at once: the first to save owns it, the other is told', async () => {
    kit.adapter = fakeMerchant();
    const [a, b] = [await kit.person(), await kit.person()];
    const [va, vb] = [
      await verify(a, { accountNumber: 'RACE-1' }),
      await verify(b, { accountNumber: 'RACE-1' }),
    ];
    const saves = await Promise.all([
      a.browser.post('/api/accounts', { verificationId: va.json().verificationId }),
      b.browser.post('/api/accounts', { verificationId: vb.json().verificationId }),
    ]);
    expect(saves.map((s) => s.statusCode).sort()).toEqual([201, 409]);
    const refused = saves.find((s) => s.statusCode === 409)!;
    expect(refused.json().error.code).toBe('MERCHANT_ACCOUNT_TAKEN');
  });

  it('refuses an account held in another name', async () => {
    kit.adapter = {
      ...fakeMerchant(),
      verifyAccount: () => Promise.resolve({ holderName: '김철수', linkToken: 'link-x' }),
    };
    const person = await kit.person();
    const refused = await verify(person, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('HOLDER_NAME_MISMATCH');
    expect(await listOf(person)).toEqual([]);
    // The same name as the bank may write it (spaces, decomposed Hangul) is the same name.
    kit.adapter = {
      ...fakeMerchant(),
      verifyAccount: () =>
        Promise.resolve({ holderName: ` ${HOLDER_NAME.normalize('NFD')} `, linkToken: 'link-y' }),
    };
    expect((await verify(person, {})).statusCode).toBe(200);
  });

  it('renames, makes default and deletes only the owner’s accounts', async () => {
    kit.adapter = fakeMerchant();
    const owner = await kit.person();
    const intruder = await kit.person();
    const first = await kit.saveAccount(owner, merchant, 'OWN-1');
    const second = await kit.saveAccount(owner, merchant, 'OWN-2');
    const intruderAccount = await kit.saveAccount(intruder, merchant, 'INT-1');

    const renamed = await owner.browser.patch(`/api/accounts/${second}`, { name: '  Savings  ' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json<AccountBody>().name).toBe('Savings');

    const madeDefault = await owner.browser.post(`/api/accounts/${second}/default`);
    expect(madeDefault.statusCode).toBe(200);
    const items = madeDefault.json<{ items: AccountBody[] }>().items;
    expect(items.map((item) => [item.id, item.isDefault])).toEqual([
      [second, true],
      [first, false],
    ]);

    for (const response of [
      await intruder.browser.patch(`/api/accounts/${first}`, { name: 'Mine now' }),
      await intruder.browser.post(`/api/accounts/${first}/default`),
      await intruder.browser.delete(`/api/accounts/${first}`),
      await owner.browser.delete(`/api/accounts/${intruderAccount}`),
      await owner.browser.delete('/api/accounts/00000000-0000-4000-8000-000000000000'),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('NOT_FOUND');
    }
    expect((await listOf(intruder)).map((item) => item.id)).toEqual([intruderAccount]);
    expect((await listOf(owner)).map((item) => item.name)).toEqual(['Savings', HOLDER_NAME]);

    // Deleting the default makes the newest remaining one the default.
    const third = await kit.saveAccount(owner, merchant, 'OWN-3');
    const deleted = await owner.browser.delete(`/api/accounts/${second}`);
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe('');
    expect((await listOf(owner)).map((item) => [item.id, item.isDefault])).toEqual([
      [third, true],
      [first, false],
    ]);
    // Deleting one that is not the default changes nothing else.
    expect((await owner.browser.delete(`/api/accounts/${first}`)).statusCode).toBe(204);
    expect((await listOf(owner)).map((item) => [item.id, item.isDefault])).toEqual([[third, true]]);
    expect((await owner.browser.delete(`/api/accounts/${third}`)).statusCode).toBe(204);
    expect(await listOf(owner)).toEqual([]);
    // The next account saved is the default again.
    const fresh = await kit.saveAccount(owner, merchant, 'OWN-4');
    expect((await listOf(owner)).map((item) => [item.id, item.isDefault])).toEqual([[fresh, true]]);
  });

  it('throttles verify attempts per user with 429 and Retry-After', async () => {
    kit.adapter = fakeMerchant();
    const person = await kit.person();
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const response = await verify(person, { password: 'wrong-password' });
      expect(response.statusCode).toBe(400);
    }
    const limited = await verify(person, {});
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another user is not affected.
    const other = await kit.person();
    expect((await verify(other, {})).statusCode).toBe(200);
  });

  it('keeps one default per user at the database too', async () => {
    const person = await kit.person();
    await kit.saveAccount(person, merchant, 'IDX-1');
    const second = await kit.saveAccount(person, merchant, 'IDX-2');
    await expect(
      kit.app.db
        .update(merchantAccounts)
        .set({ isDefault: true })
        .where(and(eq(merchantAccounts.id, second), eq(merchantAccounts.userId, person.id))),
    ).rejects.toThrow();
  });
});
