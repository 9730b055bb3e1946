import { randomBytes } from 'node:crypto';
import { and, asc, eq, notLike } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditObjectType } from '@portal/contract/audit';
import type { Deposit, DepositOutcome, TransactionDetail } from '@portal/contract/transactions';
import { auditEvents } from '@server/db/schema';
import { moneyKit, type MoneyKit, type Person } from './money-test-kit';

/**
 * Every money action of an operator leaves exactly one event in the audit trail, by that
 * operator, about the transaction (by its number) or the deposit (by its bank reference), with
 * the status before and after (docs/decisions/020, 023).
 */
let kit: MoneyKit;
let operator: Person;
beforeAll(async () => {
  kit = await moneyKit({ config: { logLevel: 'error' } });
  operator = await kit.person({ role: 'operator' });
});
afterAll(() => kit.close());

const reference = () => `AUD-${randomBytes(6).toString('hex')}`;

/**
 * Every event about one object, oldest first, but the four-eyes events (approval_requested,
 * approval_approved: approvals.test.ts covers them): the action's own event is the one here.
 */
function eventsAbout(type: AuditObjectType, id: string) {
  return kit.app.db
    .select({
      action: auditEvents.action,
      actor: auditEvents.actorUserId,
      subject: auditEvents.subjectUserId,
      details: auditEvents.details,
    })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.objectType, type),
        eq(auditEvents.objectId, id),
        notLike(auditEvents.action, 'approval_%'),
      ),
    )
    .orderBy(asc(auditEvents.seq));
}

/** A near-miss deposit (one won short) for a new buy: the buy waits Pending, the deposit in review. */
async function pendingBuyWithDeposit() {
  const owner = await kit.person();
  const account = await kit.account(owner);
  const buy = await kit.made(owner, 'buy', account.id, '2');
  const entered = await operator.browser.post('/api/operator/deposits', {
    bankReference: reference(),
    depositorName: owner.name,
    amountKrw: String(BigInt(buy.totalKrw) - 1n),
    receivedAt: new Date().toISOString(),
  });
  expect(entered.statusCode, entered.body).toBe(201);
  const { deposit } = entered.json<DepositOutcome>();
  expect(deposit.status).toBe('review');
  return { owner, buy, deposit };
}

describe('operator money actions in the audit trail', () => {
  it('a sell taken for payout, then completed: one event each, about the transaction', async () => {
    const owner = await kit.person();
    const account = await kit.account(owner, '20');
    const sell = await kit.made(owner, 'sell', account.id, '5');

    const taken = await operator.browser.post(`/api/operator/transactions/${sell.id}/take`, {});
    expect(taken.statusCode, taken.body).toBe(200);
    expect(await eventsAbout('transaction', sell.number)).toEqual([
      {
        action: 'payout_started',
        actor: operator.id,
        subject: owner.id,
        details: {
          before: { status: 'Requested' },
          after: { status: 'Pending' },
          amount: expect.stringMatching(/^5(\.0+)?$/),
          totalKrw: sell.totalKrw,
        },
      },
    ]);

    const done = await operator.browser.post(`/api/operator/transactions/${sell.id}/complete`, {
      payoutReference: 'KB-PAY-0042',
    });
    expect(done.statusCode, done.body).toBe(200);
    const events = await eventsAbout('transaction', sell.number);
    expect(events).toHaveLength(2);
    expect(events[1]).toEqual({
      action: 'payout_completed',
      actor: operator.id,
      subject: owner.id,
      details: {
        before: { status: 'Pending' },
        after: { status: 'Completed' },
        totalKrw: sell.totalKrw,
        payoutReference: 'KB-PAY-0042',
      },
    });
  });

  it('a refused action leaves no event', async () => {
    const owner = await kit.person();
    const account = await kit.account(owner, '20');
    const sell = await kit.made(owner, 'sell', account.id, '1');
    const early = await operator.browser.post(`/api/operator/transactions/${sell.id}/complete`, {
      payoutReference: 'too early',
    });
    expect(early.json()).toMatchObject({ error: { code: 'TRANSITION_NOT_ALLOWED' } });
    expect(await eventsAbout('transaction', sell.number)).toEqual([]);
  });

  it('a buy cancelled by the operator: one event, about the transaction', async () => {
    const owner = await kit.person();
    const account = await kit.account(owner);
    const buy = await kit.made(owner, 'buy', account.id, '1');
    const cancelled = await operator.browser.post(`/api/operator/transactions/${buy.id}/cancel`, {
      reason: 'Asked by the customer on the phone',
    });
    // A buy's cancel waits for a second operator, who carries it out (docs/decisions/017).
    const approval = await kit.approve(cancelled);
    const checker = approval.decidedBy!;
    expect(await eventsAbout('transaction', buy.number)).toEqual([
      {
        action: 'transaction_cancelled_by_operator',
        actor: checker.id,
        subject: owner.id,
        details: {
          transaction: buy.number,
          before: { status: 'Requested' },
          after: { status: 'Cancelled' },
          reason: 'Asked by the customer on the phone',
          approval: {
            id: approval.id,
            requestedBy: { id: operator.id, name: operator.name },
            approvedBy: checker,
          },
        },
      },
    ]);
  });

  it('a buy completed by the operator with its deposit: one event, about the deposit and naming the buy', async () => {
    const { owner, buy, deposit } = await pendingBuyWithDeposit();
    const matched = await operator.browser.post(`/api/operator/deposits/${deposit.id}/match`, {
      transactionId: buy.id,
      acceptAmountDifference: true,
    });
    const approval = await kit.approve(matched);
    const seen = (await owner.browser.get(`/api/transactions/${buy.id}`)).json<TransactionDetail>();
    expect(seen.status).toBe('Completed');
    const events = await eventsAbout('deposit', deposit.bankReference);
    // The hand entry of the deposit, then the decision, carried out by the checker.
    expect(events.map((event) => event.action)).toEqual(['deposit_recorded', 'deposit_matched']);
    expect(events[1]).toMatchObject({
      actor: approval.decidedBy!.id,
      subject: owner.id,
      details: {
        deposit: deposit.bankReference,
        before: { status: 'review' },
        after: { status: 'settled' },
        transaction: buy.number,
        transactionStatus: { before: 'Pending', after: 'Completed' },
        differenceAccepted: true,
        approval: { id: approval.id, requestedBy: { id: operator.id } },
      },
    });
  });

  it('a buy completed from the transaction screen with its deposit: the same one event', async () => {
    const owner = await kit.person();
    const account = await kit.account(owner);
    const buy = await kit.made(owner, 'buy', account.id, '1');
    // The exact amount from someone else's name: it waits for a person.
    const entered = await operator.browser.post('/api/operator/deposits', {
      bankReference: reference(),
      depositorName: `${owner.name}가족`,
      amountKrw: buy.totalKrw,
      receivedAt: new Date().toISOString(),
    });
    const { deposit } = entered.json<DepositOutcome>();
    expect(deposit.status).toBe('review');
    const done = await operator.browser.post(`/api/operator/transactions/${buy.id}/complete`, {
      depositId: deposit.id,
    });
    const approval = await kit.approve(done);
    const events = await eventsAbout('deposit', deposit.bankReference);
    expect(events.map((event) => event.action)).toEqual(['deposit_recorded', 'deposit_matched']);
    expect(events[1]).toMatchObject({
      actor: approval.decidedBy!.id,
      subject: owner.id,
      details: {
        before: { status: 'review' },
        after: { status: 'settled' },
        transaction: buy.number,
        transactionStatus: { after: 'Completed' },
      },
    });
    expect(await eventsAbout('transaction', buy.number)).toEqual([]);
  });

  it('a deposit refunded, and one written off: one event per decision, about the deposit', async () => {
    const first = await pendingBuyWithDeposit();
    const refund = await operator.browser.post(
      `/api/operator/deposits/${first.deposit.id}/refund`,
      { reason: 'amount_refused' },
    );
    const approval = await kit.approve(refund);
    const refunded = await operator.browser.post(
      `/api/operator/deposits/${first.deposit.id}/refunded`,
      { bankReference: 'KB-RETURN-0042', refundedOn: '2026-11-20' },
    );
    expect(refunded.json<Deposit>().status).toBe('refunded');
    const decisions = (await eventsAbout('deposit', first.deposit.bankReference)).slice(1);
    expect(decisions).toEqual([
      {
        action: 'deposit_refund_due',
        actor: approval.decidedBy!.id,
        subject: first.owner.id,
        details: expect.objectContaining({
          before: { status: 'review' },
          after: { status: 'refund_due' },
          transaction: first.buy.number,
        }),
      },
      {
        action: 'deposit_refunded',
        actor: operator.id,
        subject: first.owner.id,
        details: expect.objectContaining({
          before: { status: 'refund_due' },
          after: { status: 'refunded' },
          bankReference: 'KB-RETURN-0042',
        }),
      },
    ]);

    const second = await pendingBuyWithDeposit();
    const writeOff = await operator.browser.post(
      `/api/operator/deposits/${second.deposit.id}/write-off`,
      { reason: 'The sender cannot be reached' },
    );
    expect(writeOff.statusCode, writeOff.body).toBe(200);
    const written = (await eventsAbout('deposit', second.deposit.bankReference)).slice(1);
    expect(written).toEqual([
      {
        action: 'deposit_written_off',
        actor: operator.id,
        subject: operator.id,
        details: expect.objectContaining({
          before: { status: 'review' },
          after: { status: 'written_off' },
          reason: 'The sender cannot be reached',
        }),
      },
    ]);
  });
});
