import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgencyBankAccountResponse } from '@portal/contract/agency-bank-account';
import type { DepositAccountResponse, TransactionDetail } from '@portal/contract/transactions';
import { agencies, auditEvents } from '@server/db/schema';
import { moneyKit, type MoneyKit, type Person } from '../money/money-test-kit';

/**
 * The Partner Agency Bank Account: an agency user keeps its own agency's account, its clients see
 * it (and new buy requests carry it), nobody else can change it, and every change is audited.
 */
let kit: MoneyKit;
let agencyUser: Person;
let client: Person;
let operator: Person;

beforeAll(async () => {
  kit = await moneyKit();
  agencyUser = await kit.person({ role: 'agency' });
  client = await kit.person({ role: 'client' });
  operator = await kit.person({ role: 'operator' });
});
afterAll(() => kit.close());

/** An account number no other test uses: digits in dashed groups. */
function uniqueAccountNumber(): string {
  const digits = BigInt(`0x${randomBytes(6).toString('hex')}`)
    .toString()
    .padStart(12, '0')
    .slice(0, 12);
  return `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`;
}

async function agencyRow() {
  const [row] = await kit.app.db.select().from(agencies).where(eq(agencies.id, kit.agencyId));
  return row!;
}

/** The account changes asked by this user (carried out by the operator who approved them). */
async function auditOf(userId: string) {
  return kit.app.db
    .select()
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.subjectUserId, userId),
        eq(auditEvents.action, 'agency_bank_account_changed'),
      ),
    )
    .orderBy(auditEvents.occurredAt);
}

describe('GET /api/agency/bank-account', () => {
  it('shows an agency user its own agency and account', async () => {
    const response = await agencyUser.browser.get('/api/agency/bank-account');
    expect(response.statusCode).toBe(200);
    const body = response.json<AgencyBankAccountResponse>();
    const row = await agencyRow();
    expect(body).toEqual({
      agency: { id: kit.agencyId, code: row.code, name: row.name },
      account: {
        bankName: row.bankName,
        accountNumber: row.bankAccountNumber,
        accountHolder: row.bankAccountHolder,
      },
      proposal: null,
      lastRejected: null,
    });
  });

  it('is for agency users only', async () => {
    expect((await client.browser.get('/api/agency/bank-account')).statusCode).toBe(403);
    expect((await operator.browser.get('/api/agency/bank-account')).statusCode).toBe(403);
  });
});

describe('PUT /api/agency/bank-account', () => {
  it('saves the account once an operator approves it, which the clients then see and new buy requests carry', async () => {
    const accountNumber = uniqueAccountNumber();
    const response = await agencyUser.browser.put('/api/agency/bank-account', {
      bankName: '  신한은행 ',
      accountNumber,
      // Decomposed Hangul is stored composed, as the bank shows it.
      accountHolder: '(주)원브릿지파트너스'.normalize('NFD'),
    });
    // A new account waits for an operator's approval (docs/decisions/017).
    await kit.approve(response);
    const saved = (
      await agencyUser.browser.get('/api/agency/bank-account')
    ).json<AgencyBankAccountResponse>();
    expect(saved.account).toEqual({
      bankName: '신한은행',
      accountNumber,
      accountHolder: '(주)원브릿지파트너스',
    });

    const row = await agencyRow();
    expect([row.bankName, row.bankAccountNumber, row.bankAccountHolder]).toEqual([
      '신한은행',
      accountNumber,
      '(주)원브릿지파트너스',
    ]);

    const seen = await client.browser.get('/api/deposit-account');
    expect(seen.statusCode).toBe(200);
    expect(seen.json<DepositAccountResponse>()).toEqual({
      agencyName: row.name,
      takingBuys: true,
      account: saved.account,
    });

    const account = await kit.account(client, '0');
    const buy: TransactionDetail = await kit.made(client, 'buy', account.id, '1');
    expect(buy.depositInstructions).toMatchObject({
      bankName: '신한은행',
      accountNumber,
      accountHolder: '(주)원브릿지파트너스',
    });
  });

  it('records who changed what, from and to, and nothing when nothing changed', async () => {
    const editor = await kit.person({ role: 'agency' });
    const before = await agencyRow();
    const accountNumber = uniqueAccountNumber();
    const next = { bankName: '국민은행', accountNumber, accountHolder: '서울파트너스' };
    const approval = await kit.approve(await editor.browser.put('/api/agency/bank-account', next));
    expect((await editor.browser.put('/api/agency/bank-account', next)).statusCode).toBe(200);

    const events = await auditOf(editor.id);
    expect(events).toHaveLength(1);
    expect(events[0]!.actorUserId).toBe(approval.decidedBy!.id);
    expect(events[0]!.details).toEqual({
      agencyId: kit.agencyId,
      agencyCode: before.code,
      changed: expect.arrayContaining(['accountNumber']) as unknown,
      from: {
        bankName: before.bankName,
        accountNumber: before.bankAccountNumber,
        accountHolder: before.bankAccountHolder,
      },
      to: next,
      approval: {
        id: approval.id,
        requestedBy: { id: editor.id, name: editor.name },
        approvedBy: approval.decidedBy,
      },
    });
  });

  it('is refused to clients and operators (403), changing nothing', async () => {
    const before = await agencyRow();
    const attempt = {
      bankName: '우리은행',
      accountNumber: uniqueAccountNumber(),
      accountHolder: '사칭',
    };
    for (const person of [client, operator]) {
      const response = await person.browser.put('/api/agency/bank-account', attempt);
      expect(response.statusCode).toBe(403);
      expect(response.json<{ error: { code: string } }>().error.code).toBe('FORBIDDEN');
    }
    expect(await agencyRow()).toEqual(before);
    expect(await auditOf(client.id)).toEqual([]);
    expect(await auditOf(operator.id)).toEqual([]);
  });

  it('changes only the agency of the user, never another agency', async () => {
    const [other] = await kit.app.db
      .insert(agencies)
      .values({
        code: `OT-${randomBytes(4).toString('hex').toUpperCase()}`,
        name: 'Other agency',
        bankName: '하나은행',
        bankAccountNumber: uniqueAccountNumber(),
        bankAccountHolder: '다른대행사',
      })
      .returning();
    const response = await agencyUser.browser.put('/api/agency/bank-account', {
      bankName: '농협은행',
      accountNumber: uniqueAccountNumber(),
      accountHolder: '서울파트너스',
    });
    const approval = await kit.approve(response);
    expect(approval.action).toMatchObject({ agency: { id: kit.agencyId } });
    const [after] = await kit.app.db.select().from(agencies).where(eq(agencies.id, other!.id));
    expect(after).toEqual(other);
  });

  it.each([
    [
      'letters in the number',
      { accountNumber: '123-ABC-456' },
      'accountNumber',
      'bankAccountNumberInvalid',
    ],
    ['a number too short', { accountNumber: '12345' }, 'accountNumber', 'bankAccountNumberInvalid'],
    [
      'a number too long',
      { accountNumber: '1'.repeat(31) },
      'accountNumber',
      'bankAccountNumberInvalid',
    ],
    ['a leading dash', { accountNumber: '-123456' }, 'accountNumber', 'bankAccountNumberInvalid'],
    [
      'two dashes in a row',
      { accountNumber: '123--456' },
      'accountNumber',
      'bankAccountNumberInvalid',
    ],
    ['an empty number', { accountNumber: '  ' }, 'accountNumber', 'required'],
    ['an empty bank', { bankName: ' ' }, 'bankName', 'required'],
    [
      'a script-like holder',
      { accountHolder: '<img src=x onerror=alert(1)>' },
      'accountHolder',
      'scriptLike',
    ],
    [
      'a zero-width character',
      { accountHolder: '서울\u200b파트너스' },
      'accountHolder',
      'invalidCharacters',
    ],
    ['a holder too long', { accountHolder: '가'.repeat(101) }, 'accountHolder', 'tooLong?max=100'],
  ])('refuses %s with its validation key, changing nothing', async (_case, patch, field, key) => {
    const before = await agencyRow();
    const response = await agencyUser.browser.put('/api/agency/bank-account', {
      bankName: '국민은행',
      accountNumber: '123-456-789012',
      accountHolder: '서울파트너스',
      ...patch,
    });
    expect(response.statusCode).toBe(400);
    const { error } = response.json<{ error: { code: string; fields: Record<string, string> } }>();
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.fields).toEqual({ [field]: key });
    expect(await agencyRow()).toEqual(before);
  });

  it('refuses a missing field and an unknown one', async () => {
    const missing = await agencyUser.browser.put('/api/agency/bank-account', {
      bankName: '국민은행',
      accountNumber: '123-456-789012',
    });
    expect(missing.statusCode).toBe(400);
    const extra = await agencyUser.browser.put('/api/agency/bank-account', {
      bankName: '국민은행',
      accountNumber: '123-456-789012',
      accountHolder: '서울파트너스',
      agencyId: kit.agencyId,
    });
    expect(extra.statusCode).toBe(400);
  });

  it('needs a session and the anti-forgery token', async () => {
    const body = {
      bankName: '국민은행',
      accountNumber: uniqueAccountNumber(),
      accountHolder: '서울파트너스',
    };
    const forged = await agencyUser.browser.put('/api/agency/bank-account', body, {
      withoutXsrf: true,
    });
    expect(forged.statusCode).toBe(403);
    const anonymous = await kit.app.inject({
      method: 'PUT',
      url: '/api/agency/bank-account',
      headers: { 'x-role': 'production' },
      payload: body,
    });
    expect(anonymous.statusCode).toBe(401);
    const count = await kit.app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(agencies)
      .where(eq(agencies.bankAccountNumber, body.accountNumber));
    expect(count[0]!.n).toBe(0);
  });
});
