import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KOREAN_BANKS, type PayeeResponse } from '@portal/contract/payees';
import { auditEvents, payeeAccounts } from '@server/db/schema';
import { moneyKit, type MoneyKit, type Person } from '../money/money-test-kit';

/** The payee: where a seller's won is paid (docs/decisions/010). */
let kit: MoneyKit;
beforeAll(async () => {
  kit = await moneyKit({ config: { logLevel: 'error' } });
});
afterAll(() => kit.close());

/** A person with no payee yet (the money kit registers one for everybody). */
async function newcomer(): Promise<Person> {
  const person = await kit.person();
  await kit.app.db.delete(payeeAccounts).where(eq(payeeAccounts.userId, person.id));
  return person;
}

describe('GET and PUT /api/payee', () => {
  it('is null until registered; the holder is the user, and every change is audited', async () => {
    const owner = await newcomer();
    const none = await owner.browser.get('/api/payee');
    expect(none.statusCode).toBe(200);
    expect(none.json()).toBeNull();

    const saved = await owner.browser.put('/api/payee', {
      bankCode: '004',
      accountNumber: ' 123456-01-234567 ',
      // The holder is not the user's to choose.
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<PayeeResponse>()).toMatchObject({
      bankCode: '004',
      bankName: 'KB Kookmin Bank',
      accountNumber: '123456-01-234567',
      holderName: owner.name,
    });
    expect((await owner.browser.get('/api/payee')).json()).toEqual(saved.json());

    // The same again changes nothing; another account is a change.
    await owner.browser.put('/api/payee', { bankCode: '004', accountNumber: '123456-01-234567' });
    await owner.browser.put('/api/payee', { bankCode: '092', accountNumber: '1000123456789' });
    const audited = await kit.app.db
      .select({ details: auditEvents.details })
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'payee_changed'), eq(auditEvents.actorUserId, owner.id)))
      .orderBy(auditEvents.occurredAt);
    expect(audited.map((row) => row.details)).toEqual([
      {
        from: null,
        to: { bankCode: '004', accountNumber: '123456-01-234567' },
        holderName: owner.name,
      },
      {
        from: { bankCode: '004', accountNumber: '123456-01-234567' },
        to: { bankCode: '092', accountNumber: '1000123456789' },
        holderName: owner.name,
      },
    ]);
  });

  it.each([
    [{ bankCode: '999', accountNumber: '1234567890' }, { bankCode: 'payeeBankInvalid' }],
    [{ bankCode: '', accountNumber: '1234567890' }, { bankCode: 'payeeBankInvalid' }],
    [{ accountNumber: '1234567890' }, { bankCode: 'payeeBankInvalid' }],
    [
      { bankCode: '004', accountNumber: '123456789' },
      { accountNumber: 'payeeAccountNumberInvalid' },
    ],
    [
      { bankCode: '004', accountNumber: '12345678901234567' },
      { accountNumber: 'payeeAccountNumberInvalid' },
    ],
    [
      { bankCode: '004', accountNumber: '123-456--7890' },
      { accountNumber: 'payeeAccountNumberInvalid' },
    ],
    [
      { bankCode: '004', accountNumber: '-1234567890' },
      { accountNumber: 'payeeAccountNumberInvalid' },
    ],
    [
      { bankCode: '004', accountNumber: '12345O7890' },
      { accountNumber: 'payeeAccountNumberInvalid' },
    ],
    [{ bankCode: '004', accountNumber: '' }, { accountNumber: 'required' }],
  ])('refuses %j with 400 and field errors', async (body, fields) => {
    const owner = await newcomer();
    const refused = await owner.browser.put('/api/payee', body);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED', fields } });
    expect((await owner.browser.get('/api/payee')).json()).toBeNull();
  });

  it('refuses a holder name sent by the browser', async () => {
    const owner = await newcomer();
    const refused = await owner.browser.put('/api/payee', {
      bankCode: '004',
      accountNumber: '1234567890',
      holderName: 'Somebody Else',
    });
    expect(refused.statusCode).toBe(400);
  });

  it('lists the Korean banks by their KFTC codes, once each', () => {
    const codes = KOREAN_BANKS.map((bank) => bank.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of ['002', '003', '004', '011', '020', '081', '088', '089', '090', '092']) {
      expect(codes).toContain(code);
    }
  });
});
