import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  Approval,
  ApprovalKind,
  ApprovalListResponse,
  ApprovalRequested,
} from '@portal/contract/approvals';
import type { AgencyBankAccountResponse } from '@portal/contract/agency-bank-account';
import type { OperatorTransactionDetail } from '@portal/contract/operator-workbench';
import { agencies, approvals, auditEvents, deposits, rates, users } from '@server/db/schema';
import { MerchantError } from '@server/modules/merchants/adapter';
import { currentRate } from '@server/modules/rates/repository';
import {
  deposit,
  moneyKit,
  statusOf,
  uniqueAmount,
  uniqueKoreanName,
  type MoneyKit,
  type Person,
} from '../money/money-test-kit';

/**
 * Four-eyes (docs/decisions/017): each guarded action waits (202) and changes nothing until a
 * second operator approves it; it is then carried out once. The maker never approves their own,
 * neither through the server nor straight in the database; rejecting and withdrawing change
 * nothing.
 */
let kit: MoneyKit;
let maker: Person;
let checker: Person;
let third: Person;
beforeAll(async () => {
  kit = await moneyKit({ config: { logLevel: 'error' } });
  maker = await kit.person({ role: 'operator' });
  checker = await kit.person({ role: 'operator' });
  third = await kit.person({ role: 'operator' });
});
afterAll(() => kit.close());

type Response = Awaited<ReturnType<Person['browser']['post']>>;
const approve = (who: Person, id: string) =>
  who.browser.post(`/api/operator/approvals/${id}/approve`, {});
const reject = (who: Person, id: string, reason = 'Not what we agreed.') =>
  who.browser.post(`/api/operator/approvals/${id}/reject`, { reason });
const withdraw = (who: Person, id: string) => who.browser.post(`/api/approvals/${id}/withdraw`, {});

function asked(response: Response): Approval {
  expect(response.statusCode, response.body).toBe(202);
  return response.json<ApprovalRequested>().approval;
}

/** A buy waiting for its won, and a deposit of that amount from someone else (so in review). */
async function buyAndDeposit() {
  const owner = await kit.person();
  const account = await kit.account(owner);
  const buy = await kit.made(owner, 'buy', account.id, uniqueAmount());
  const { deposit: recorded } = await deposit(kit.app, {
    depositorName: uniqueKoreanName(),
    amountKrw: buy.totalKrw,
  });
  expect(recorded.status).toBe('review');
  return { owner, buy, deposit: recorded };
}

async function depositStatus(id: string) {
  const [row] = await kit.app.db
    .select({ status: deposits.status })
    .from(deposits)
    .where(eq(deposits.id, id));
  return row!.status;
}

async function roleOf(id: string) {
  const [row] = await kit.app.db.select({ role: users.role }).from(users).where(eq(users.id, id));
  return row!.role;
}

async function rateRows(asset: string) {
  const [row] = await kit.app.db
    .select({ count: sql<number>`count(*)::int` })
    .from(rates)
    .where(eq(rates.asset, asset));
  return row!.count;
}

/** The account clients are told to pay into. */
async function clientSees(client: Person) {
  const response = await client.browser.get('/api/deposit-account');
  return response.json<{ account: { accountNumber: string } | null }>().account?.accountNumber;
}

/** An agency user of an agency of its own, so that its proposals wait apart from others'. */
async function agencyUserOfItsOwn(): Promise<Person> {
  const code = `AP-${randomBytes(4).toString('hex')}`;
  const [agency] = await kit.app.db
    .insert(agencies)
    .values({
      code,
      name: `Agency ${code}`,
      bankName: '국민은행',
      bankAccountNumber: '100-200-300400',
      bankAccountHolder: '(주)테스트',
    })
    .returning({ id: agencies.id });
  const agencyUser = await kit.person({ role: 'agency' });
  await kit.app.db.update(users).set({ agencyId: agency!.id }).where(eq(users.id, agencyUser.id));
  return agencyUser;
}

interface Case {
  /** Who asks (an operator, or the agency user for its bank account). */
  by: Person;
  ask: () => Promise<Response>;
  /** Whether the action has happened. */
  done: () => Promise<boolean>;
}

/** One fresh guarded action per kind, with how to tell it was carried out. */
const CASES: Record<ApprovalKind, () => Promise<Case>> = {
  payout: async () => {
    const owner = await kit.person();
    const account = await kit.account(owner, '5000');
    // 1,000 at 1,381.00 won: 1,381,000 won, above the default 1,000,000 (PAYOUT_APPROVAL_MIN_KRW).
    const sell = await kit.made(owner, 'sell', account.id, '1000');
    return {
      by: maker,
      ask: () => maker.browser.post(`/api/operator/transactions/${sell.id}/take`, {}),
      done: async () => (await statusOf(kit.app, sell.id)) === 'Pending',
    };
  },
  deposit_match: async () => {
    const { buy, deposit: recorded } = await buyAndDeposit();
    return {
      by: maker,
      ask: () =>
        maker.browser.post(`/api/operator/deposits/${recorded.id}/match`, {
          transactionId: buy.id,
        }),
      done: async () => (await statusOf(kit.app, buy.id)) === 'Completed',
    };
  },
  buy_cancellation: async () => {
    const owner = await kit.person();
    const account = await kit.account(owner);
    const buy = await kit.made(owner, 'buy', account.id, uniqueAmount());
    return {
      by: maker,
      ask: () =>
        maker.browser.post(`/api/operator/transactions/${buy.id}/cancel`, {
          reason: 'The client asked us to.',
        }),
      done: async () => (await statusOf(kit.app, buy.id)) === 'Cancelled',
    };
  },
  deposit_refund: async () => {
    const { buy, deposit: recorded } = await buyAndDeposit();
    return {
      by: maker,
      ask: () =>
        maker.browser.post(`/api/operator/deposits/${recorded.id}/refund`, {
          reason: 'no_request',
          transactionId: buy.id,
        }),
      done: async () => (await depositStatus(recorded.id)) === 'refund_due',
    };
  },
  rate_change: async () => {
    const asset = `R${randomBytes(4).toString('hex').toUpperCase()}`.slice(0, 10);
    await kit.app.db.insert(rates).values({ asset, buyRateKrw: '1000.00', sellRateKrw: '990.00' });
    return {
      by: maker,
      ask: () =>
        maker.browser.post('/api/operator/rates', {
          asset,
          buyRateKrw: '2000',
          sellRateKrw: '1980',
          confirmDeviation: true,
        }),
      done: async () => (await currentRate(kit.app.db, asset))?.buyRateKrw === '2000.00',
    };
  },
  agency_bank_account: async () => {
    const agencyUser = await agencyUserOfItsOwn();
    const accountNumber = `200-${randomBytes(4).toString('hex')}`.replace(/[a-f]/g, '7');
    return {
      by: agencyUser,
      ask: () =>
        agencyUser.browser.put('/api/agency/bank-account', {
          bankName: '신한은행',
          accountNumber,
          accountHolder: '(주)테스트',
        }),
      done: async () =>
        (await agencyUser.browser.get('/api/agency/bank-account')).json<AgencyBankAccountResponse>()
          .account?.accountNumber === accountNumber,
    };
  },
  operator_role: async () => {
    const user = await kit.person();
    return {
      by: maker,
      ask: () => maker.browser.put(`/api/operator/users/${user.id}/role`, { role: 'operator' }),
      done: async () => (await roleOf(user.id)) === 'operator',
    };
  },
};

describe('every guarded action waits for a second operator', () => {
  it.each(Object.keys(CASES) as ApprovalKind[])(
    '%s: 202, nothing changes, the maker cannot approve, another operator carries it out once',
    async (kind) => {
      const action = await CASES[kind]();
      const approval = asked(await action.ask());
      expect(approval).toMatchObject({
        status: 'pending',
        action: { kind },
        requestedBy: { id: action.by.id },
        decidedBy: null,
      });
      expect(await action.done()).toBe(false);
      // Asked again while it waits: one subject waits once.
      const twice = await action.ask();
      expect(twice.statusCode, twice.body).toBe(409);
      expect(twice.json()).toMatchObject({ error: { code: 'APPROVAL_ALREADY_PENDING' } });

      if (action.by.role === 'operator') {
        const own = await approve(action.by, approval.id);
        expect(own.statusCode).toBe(403);
        expect(own.json()).toMatchObject({ error: { code: 'APPROVAL_OWN_ACTION' } });
      }
      expect(await action.done()).toBe(false);

      const approved = await approve(checker, approval.id);
      expect(approved.statusCode, approved.body).toBe(200);
      expect(approved.json<Approval>()).toMatchObject({
        status: 'approved',
        decidedBy: { id: checker.id, name: checker.name },
        failure: null,
      });
      expect(await action.done()).toBe(true);

      const again = await approve(third, approval.id);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ error: { code: 'APPROVAL_ALREADY_DECIDED' } });

      // Both names in the audit trail: the approval's event, and the action's own event.
      const events = await kit.app.db
        .select({ action: auditEvents.action, details: auditEvents.details })
        .from(auditEvents)
        .where(sql`${auditEvents.details} -> 'approval' @> ${JSON.stringify({ id: approval.id })}::jsonb
          or ${auditEvents.details} ->> 'approval' = ${approval.id}`);
      const carried = events.filter((event) => !event.action.startsWith('approval_'));
      expect(carried).toHaveLength(1);
      expect(carried[0]!.details).toMatchObject({
        approval: {
          id: approval.id,
          requestedBy: { id: action.by.id, name: action.by.name },
          approvedBy: { id: checker.id, name: checker.name },
        },
      });
      expect(events.map((event) => event.action)).toEqual(
        expect.arrayContaining(['approval_requested', 'approval_approved']),
      );
    },
  );

  it.each(Object.keys(CASES) as ApprovalKind[])(
    '%s: rejected with a reason, nothing changes',
    async (kind) => {
      const action = await CASES[kind]();
      const approval = asked(await action.ask());
      const missing = await checker.browser.post(
        `/api/operator/approvals/${approval.id}/reject`,
        {},
      );
      expect(missing.statusCode).toBe(400);
      const rejected = await reject(checker, approval.id);
      expect(rejected.statusCode, rejected.body).toBe(200);
      expect(rejected.json<Approval>()).toMatchObject({
        status: 'rejected',
        rejectionReason: 'Not what we agreed.',
        decidedBy: { id: checker.id },
      });
      expect(await action.done()).toBe(false);
      expect((await approve(third, approval.id)).statusCode).toBe(409);
      expect(await action.done()).toBe(false);
      // Rejected, it no longer waits: the maker may ask again.
      expect((await action.ask()).statusCode).toBe(202);
    },
  );

  it.each(Object.keys(CASES) as ApprovalKind[])(
    '%s: withdrawn by the maker only, nothing changes',
    async (kind) => {
      const action = await CASES[kind]();
      const approval = asked(await action.ask());
      const byOther = await withdraw(checker, approval.id);
      expect(byOther.statusCode).toBe(403);
      const withdrawn = await withdraw(action.by, approval.id);
      expect(withdrawn.statusCode, withdrawn.body).toBe(200);
      expect(withdrawn.json<Approval>()).toMatchObject({ status: 'withdrawn', decidedBy: null });
      expect((await approve(checker, approval.id)).statusCode).toBe(409);
      expect((await withdraw(action.by, approval.id)).statusCode).toBe(409);
      expect(await action.done()).toBe(false);
    },
  );
});

describe('what waits is refused at once when the action would be refused', () => {
  it('a deposit asked once waits once; an unconfirmed or impossible rate change is refused', async () => {
    const { buy, deposit: recorded } = await buyAndDeposit();
    const diff = await maker.browser.post(`/api/operator/deposits/${recorded.id}/match`, {
      transactionId: buy.id,
      acceptAmountDifference: false,
    });
    expect(diff.statusCode).toBe(202);
    const written = await kit.app.db
      .select({ count: sql<number>`count(*)::int` })
      .from(approvals)
      .where(eq(approvals.depositId, recorded.id));
    expect(written[0]!.count).toBe(1);

    const asset = `Q${randomBytes(4).toString('hex').toUpperCase()}`.slice(0, 10);
    await kit.app.db.insert(rates).values({ asset, buyRateKrw: '1000.00', sellRateKrw: '990.00' });
    const unconfirmed = await maker.browser.post('/api/operator/rates', {
      asset,
      buyRateKrw: '2000',
      sellRateKrw: '1980',
    });
    expect(unconfirmed.json()).toMatchObject({ error: { code: 'RATE_CHANGE_NOT_CONFIRMED' } });
    const sellAbove = await maker.browser.post('/api/operator/rates', {
      asset,
      buyRateKrw: '2000',
      sellRateKrw: '2100',
      confirmDeviation: true,
    });
    expect(sellAbove.json()).toMatchObject({ error: { code: 'RATE_SELL_ABOVE_BUY' } });
    // Within the deviation: saved at once, as before four-eyes.
    const small = await maker.browser.post('/api/operator/rates', {
      asset,
      buyRateKrw: '1001',
      sellRateKrw: '991',
    });
    expect(small.statusCode, small.body).toBe(201);
    const pending = await kit.app.db
      .select({ count: sql<number>`count(*)::int` })
      .from(approvals)
      .where(eq(approvals.subjectKey, `rate:${asset}`));
    expect(pending[0]!.count).toBe(0);
  });

  it('a sale under the payout threshold is taken at once; a buy cancel of a Completed buy is refused', async () => {
    const owner = await kit.person();
    const account = await kit.account(owner, '10');
    const sell = await kit.made(owner, 'sell', account.id, '1');
    const taken = await maker.browser.post(`/api/operator/transactions/${sell.id}/take`, {});
    expect(taken.statusCode, taken.body).toBe(200);
    expect(await statusOf(kit.app, sell.id)).toBe('Pending');

    const action = await CASES.deposit_match();
    const approval = asked(await action.ask());
    expect((await approve(checker, approval.id)).statusCode).toBe(200);
    const paid = approval.action.kind === 'deposit_match' ? approval.action.transaction.id : '';
    const cancel = await maker.browser.post(`/api/operator/transactions/${paid}/cancel`, {
      reason: 'Too late.',
    });
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json()).toMatchObject({ error: { code: 'TRANSITION_NOT_ALLOWED' } });
  });

  it('an action refused when approved leaves the approval pending for a rejection', async () => {
    const { buy, deposit: recorded } = await buyAndDeposit();
    const approval = asked(
      await maker.browser.post(`/api/operator/transactions/${buy.id}/cancel`, {
        reason: 'Asked by the client.',
      }),
    );
    // Meanwhile the deposit paid the buy (another subject: the deposit).
    const match = asked(
      await maker.browser.post(`/api/operator/deposits/${recorded.id}/match`, {
        transactionId: buy.id,
      }),
    );
    expect((await approve(checker, match.id)).statusCode).toBe(200);
    const late = await approve(checker, approval.id);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ error: { code: 'TRANSITION_NOT_ALLOWED' } });
    const still = await checker.browser.get(`/api/operator/approvals/${approval.id}`);
    expect(still.json<Approval>().status).toBe('pending');
    expect(await statusOf(kit.app, buy.id)).toBe('Completed');
  });
});

describe('the maker is never the checker', () => {
  it('the database refuses decided_by = requested_by even when the server is bypassed', async () => {
    const action = await CASES.operator_role();
    const approval = asked(await action.ask());
    await expect(
      kit.app.db
        .update(approvals)
        .set({ status: 'approved', decidedBy: maker.id, decidedAt: new Date() })
        .where(eq(approvals.id, approval.id)),
    ).rejects.toThrow();
    // A checker who is not an operator is refused too (a trigger).
    const client = await kit.person();
    await expect(
      kit.app.db
        .update(approvals)
        .set({ status: 'approved', decidedBy: client.id, decidedAt: new Date() })
        .where(eq(approvals.id, approval.id)),
    ).rejects.toThrow();
    expect(await action.done()).toBe(false);
  });

  it('two checkers approving at once: one carries it out, the other finds it decided (10 rounds)', async () => {
    for (let round = 0; round < 10; round += 1) {
      const action = await CASES.rate_change();
      const approval = asked(await action.ask());
      const asset = approval.action.kind === 'rate_change' ? approval.action.asset : '';
      const answers = await Promise.all([
        approve(checker, approval.id),
        approve(third, approval.id),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      // The seeded rate and the approved one: the change happened once.
      expect(await rateRows(asset)).toBe(2);
    }
  });

  it('the maker approving at the same time as a checker never gets through (10 rounds)', async () => {
    for (let round = 0; round < 10; round += 1) {
      const action = await CASES.deposit_match();
      const approval = asked(await action.ask());
      const [own, real] = await Promise.all([
        approve(maker, approval.id),
        approve(checker, approval.id),
      ]);
      expect(real.statusCode, real.body).toBe(200);
      expect([403, 409]).toContain(own.statusCode);
      const [row] = await kit.app.db.select().from(approvals).where(eq(approvals.id, approval.id));
      expect(row).toMatchObject({ status: 'approved', decidedBy: checker.id });
      expect(await action.done()).toBe(true);
    }
  });
});

describe('approvals are kept as decided', () => {
  it('the database refuses deleting an approval and changing a decided one', async () => {
    const action = await CASES.buy_cancellation();
    const approval = asked(await action.ask());
    await expect(
      kit.app.db.delete(approvals).where(eq(approvals.id, approval.id)),
    ).rejects.toThrow();
    expect((await reject(checker, approval.id)).statusCode).toBe(200);
    await expect(
      kit.app.db
        .update(approvals)
        .set({ rejectionReason: 'changed afterwards' })
        .where(eq(approvals.id, approval.id)),
    ).rejects.toThrow();
    await expect(
      kit.app.db
        .update(approvals)
        .set({ status: 'pending', decidedBy: null, decidedAt: null })
        .where(eq(approvals.id, approval.id)),
    ).rejects.toThrow();
    await expect(
      kit.app.db.delete(approvals).where(eq(approvals.id, approval.id)),
    ).rejects.toThrow();
  });
});

describe('the agency bank account', () => {
  it('clients see the account in force; the proposal only once approved; the agency sees both', async () => {
    const agencyUser = await kit.person({ role: 'agency' });
    const client = await kit.person();
    const before = await clientSees(client);
    const accountNumber = '333-444-555666';
    const approval = asked(
      await agencyUser.browser.put('/api/agency/bank-account', {
        bankName: '우리은행',
        accountNumber,
        accountHolder: '(주)새계좌',
      }),
    );
    expect(await clientSees(client)).toBe(before);
    const waiting = (
      await agencyUser.browser.get('/api/agency/bank-account')
    ).json<AgencyBankAccountResponse>();
    expect(waiting.account?.accountNumber).toBe(before);
    expect(waiting.proposal).toMatchObject({ id: approval.id, status: 'pending' });
    expect(waiting.lastRejected).toBeNull();

    expect((await reject(checker, approval.id, 'The holder is not the agency.')).statusCode).toBe(
      200,
    );
    const rejected = (
      await agencyUser.browser.get('/api/agency/bank-account')
    ).json<AgencyBankAccountResponse>();
    expect(rejected.proposal).toBeNull();
    expect(rejected.lastRejected).toMatchObject({
      id: approval.id,
      rejectionReason: 'The holder is not the agency.',
    });
    expect(await clientSees(client)).toBe(before);

    const again = asked(
      await agencyUser.browser.put('/api/agency/bank-account', {
        bankName: '우리은행',
        accountNumber,
        accountHolder: '(주)원브릿지',
      }),
    );
    expect(await clientSees(client)).toBe(before);
    expect((await approve(checker, again.id)).statusCode).toBe(200);
    expect(await clientSees(client)).toBe(accountNumber);
    const after = (
      await agencyUser.browser.get('/api/agency/bank-account')
    ).json<AgencyBankAccountResponse>();
    expect(after).toMatchObject({ proposal: null, lastRejected: null });
  });

  it("an operator's agency edit saves the name at once and asks for the new account", async () => {
    const [agency] = await kit.app.db.select().from(agencies).where(eq(agencies.id, kit.agencyId));
    const response = await maker.browser.patch(`/api/operator/agencies/${kit.agencyId}`, {
      name: `${agency!.name} (renamed)`,
      bankName: '하나은행',
      bankAccountNumber: '777-888-999000',
      bankAccountHolder: '(주)하나',
    });
    const approval = asked(response);
    const [now] = await kit.app.db.select().from(agencies).where(eq(agencies.id, kit.agencyId));
    expect(now).toMatchObject({
      name: `${agency!.name} (renamed)`,
      bankAccountNumber: agency!.bankAccountNumber,
    });
    expect((await approve(checker, approval.id)).statusCode).toBe(200);
    const [approved] = await kit.app.db
      .select()
      .from(agencies)
      .where(eq(agencies.id, kit.agencyId));
    expect(approved!.bankAccountNumber).toBe('777-888-999000');
  });
});

describe('where operators see approvals', () => {
  it('the queue: pending oldest first, decided newest first, by kind; the transaction detail and the figures', async () => {
    const first = asked(await (await CASES.buy_cancellation()).ask());
    const second = asked(await (await CASES.buy_cancellation()).ask());
    const pending = (
      await checker.browser.get(
        '/api/operator/approvals?view=pending&kind=buy_cancellation&pageSize=100',
      )
    ).json<ApprovalListResponse>();
    const ids = pending.items.map((item) => item.id);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
    expect(pending.items.every((item) => item.action.kind === 'buy_cancellation')).toBe(true);

    const figures = (await checker.browser.get('/api/operator/figures')).json<{
      approvalsWaiting: number;
    }>();
    expect(figures.approvalsWaiting).toBeGreaterThanOrEqual(2);

    expect((await reject(checker, first.id)).statusCode).toBe(200);
    expect((await reject(checker, second.id)).statusCode).toBe(200);
    const decided = (
      await checker.browser.get(
        '/api/operator/approvals?view=decided&kind=buy_cancellation&pageSize=100',
      )
    ).json<ApprovalListResponse>();
    const decidedIds = decided.items.map((item) => item.id);
    expect(decidedIds.indexOf(second.id)).toBeLessThan(decidedIds.indexOf(first.id));

    const transactionId =
      first.action.kind === 'buy_cancellation' ? first.action.transaction.id : '';
    const detail = (
      await checker.browser.get(`/api/operator/transactions/${transactionId}`)
    ).json<OperatorTransactionDetail>();
    expect(detail.approvals.map((approval) => approval.id)).toEqual([first.id]);

    const unknown = await checker.browser.get(
      '/api/operator/approvals/00000000-0000-4000-8000-000000000000',
    );
    expect(unknown.statusCode).toBe(404);
    const client = await kit.person();
    expect((await client.browser.get('/api/operator/approvals')).statusCode).toBe(403);
  });
});

describe('an approved payout', () => {
  it('keeps the merchant failure on the approval; taking the sale again needs no new approval', async () => {
    const owner = await kit.person();
    const account = await kit.account(owner, '5000');
    const sell = await kit.made(owner, 'sell', account.id, '1000');
    const approval = asked(
      await maker.browser.post(`/api/operator/transactions/${sell.id}/take`, {}),
    );
    const real = kit.app.merchantAdapters.forMerchant;
    kit.app.merchantAdapters.forMerchant = (merchant) => ({
      ...real(merchant),
      debit: () => Promise.reject(new MerchantError('unavailable', 'no answer')),
    });
    let approved: Approval;
    try {
      const response = await approve(checker, approval.id);
      expect(response.statusCode, response.body).toBe(200);
      approved = response.json<Approval>();
    } finally {
      kit.app.merchantAdapters.forMerchant = real;
    }
    expect(approved).toMatchObject({
      status: 'approved',
      failure: { code: 'MERCHANT_UNAVAILABLE' },
    });
    expect(await statusOf(kit.app, sell.id)).toBe('Requested');
    // Taken again (same idempotency key at the merchant): at once, approved already.
    const again = await maker.browser.post(`/api/operator/transactions/${sell.id}/take`, {});
    expect(again.statusCode, again.body).toBe(200);
    expect(await statusOf(kit.app, sell.id)).toBe('Pending');
  });

  it('a sale cancelled by its owner meanwhile is refused on approval, which stays pending', async () => {
    const owner = await kit.person();
    const account = await kit.account(owner, '5000');
    const sell = await kit.made(owner, 'sell', account.id, '1000');
    const approval = asked(
      await maker.browser.post(`/api/operator/transactions/${sell.id}/take`, {}),
    );
    expect((await owner.browser.post(`/api/transactions/${sell.id}/cancel`, {})).statusCode).toBe(
      200,
    );
    const late = await approve(checker, approval.id);
    expect(late.statusCode).toBe(409);
    expect(
      (await checker.browser.get(`/api/operator/approvals/${approval.id}`)).json<Approval>(),
    ).toMatchObject({ status: 'pending', failure: null });
    expect(await statusOf(kit.app, sell.id)).toBe('Cancelled');
  });
});
