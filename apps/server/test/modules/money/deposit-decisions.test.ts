import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DepositDetail } from '@portal/contract/deposits';
import type { ApprovalRequested } from '@portal/contract/approvals';
import type { Deposit, TransactionDetail } from '@portal/contract/transactions';
import { agencies } from '@server/db/schema';
import { eq } from 'drizzle-orm';
import {
  HEALTHY_LEDGER,
  deposit,
  ledgerHealth,
  moneyKit,
  statusOf,
  uniqueAmount,
  type MoneyKit,
  type Person,
} from './money-test-kit';

/**
 * The operator's decisions on deposits (docs/decisions/010): one deposit pays at most one buy,
 * whoever clicks, however fast; a deposit that pays nothing is refunded or written off, and
 * the owner of the request sees the refund.
 */
let kit: MoneyKit;
let operator: Person;
let second: Person;
beforeAll(async () => {
  kit = await moneyKit({ config: { logLevel: 'error' } });
  operator = await kit.person({ role: 'operator' });
  second = await kit.person({ role: 'operator' });
});
afterAll(() => kit.close());

async function twoOpenBuys() {
  const owner = await kit.person();
  const account = await kit.account(owner);
  const amount = uniqueAmount();
  const first = await kit.made(owner, 'buy', account.id, amount);
  const other = await kit.made(owner, 'buy', account.id, amount);
  return { owner, first, other };
}

describe('one deposit pays at most one buy', () => {
  it('two open buys, one deposit: multiple candidates; the operator matches one, the other stays unpaid', async () => {
    const { owner, first, other } = await twoOpenBuys();
    const { deposit: recorded } = await deposit(kit.app, {
      depositorName: owner.name,
      amountKrw: first.totalKrw,
    });
    expect(recorded).toMatchObject({ status: 'review', reviewReason: 'multiple_candidates' });

    const detail = (
      await operator.browser.get(`/api/operator/deposits/${recorded.id}`)
    ).json<DepositDetail>();
    expect(detail.candidates.map((c) => c.id)).toEqual(
      expect.arrayContaining([first.id, other.id]),
    );
    const shown = detail.candidates.find((c) => c.id === first.id)!;
    expect(shown).toMatchObject({
      userName: owner.name,
      totalKrw: first.totalKrw,
      differenceKrw: '0',
      matchable: true,
    });

    const matched = await operator.browser.post(`/api/operator/deposits/${recorded.id}/match`, {
      transactionId: first.id,
    });
    // Paying a buy waits for a second operator (docs/decisions/017).
    expect((await kit.approve(matched)).status).toBe('approved');
    // The same deposit cannot pay the second buy, by the deposit or by the buy.
    const again = await operator.browser.post(`/api/operator/deposits/${recorded.id}/match`, {
      transactionId: other.id,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: { code: 'DEPOSIT_NOT_USABLE' } });
    const byBuy = await operator.browser.post(`/api/operator/transactions/${other.id}/complete`, {
      depositId: recorded.id,
    });
    expect(byBuy.statusCode).toBe(409);
    expect(await statusOf(kit.app, first.id)).toBe('Completed');
    expect(await statusOf(kit.app, other.id)).toBe('Pending');
  });

  it('two operators matching one deposit to two buys at once, 50 rounds: exactly one buy completes', async () => {
    const winners = { first: 0, other: 0 };
    for (let round = 0; round < 50; round += 1) {
      const { owner, first, other } = await twoOpenBuys();
      const { deposit: recorded } = await deposit(kit.app, {
        depositorName: owner.name,
        amountKrw: first.totalKrw,
      });
      // Each way round by turns, so each click gets to be first.
      const clicks = [
        () =>
          operator.browser.post(`/api/operator/deposits/${recorded.id}/match`, {
            transactionId: first.id,
          }),
        () =>
          second.browser.post(`/api/operator/transactions/${other.id}/complete`, {
            depositId: recorded.id,
          }),
      ];
      const answers = await Promise.all(
        (round % 2 === 0 ? clicks : [...clicks].reverse()).map((click) => click()),
      );
      // One deposit waits once (docs/decisions/017): one click asks, the other is refused; the
      // asked one is carried out on approval.
      const codes = answers.map((answer) => answer.statusCode).sort();
      expect(codes, answers.map((a) => a.body).join('\n')).toEqual([202, 409]);
      await kit.approve(answers.find((answer) => answer.statusCode === 202)!);
      const statuses = [await statusOf(kit.app, first.id), await statusOf(kit.app, other.id)];
      expect(statuses.filter((status) => status === 'Completed')).toHaveLength(1);
      if (statuses[0] === 'Completed') winners.first += 1;
      else winners.other += 1;
      const paid = await kit.app.db.execute<{ n: string | number }>(
        sql`select count(*) as n from transactions where settled_by_deposit_id = ${recorded.id}`,
      );
      expect(Number(paid.rows[0]!.n)).toBe(1);
      const credits = await kit.app.db.execute<{ n: string | number }>(
        sql`select count(*) as n from merchant_credits where transaction_id in (${first.id}, ${other.id})`,
      );
      expect(Number(credits.rows[0]!.n)).toBe(1);
    }
    console.log(`[deposits] 50 rounds of two operators at once: ${JSON.stringify(winners)}`);
    expect(await ledgerHealth(kit.app)).toEqual(HEALTHY_LEDGER);
  }, 240_000);

  it('two deposits matched to one buy at once: one pays it, the other stays usable', async () => {
    const owner = await kit.person();
    const account = await kit.account(owner);
    const buy = await kit.made(owner, 'buy', account.id, uniqueAmount());
    const a = await deposit(kit.app, { depositorName: `${owner.name}X`, amountKrw: buy.totalKrw });
    const b = await deposit(kit.app, { depositorName: `${owner.name}Y`, amountKrw: buy.totalKrw });
    const answers = await Promise.all(
      [a, b].map((d, i) =>
        (i === 0 ? operator : second).browser.post(`/api/operator/deposits/${d.deposit.id}/match`, {
          transactionId: buy.id,
        }),
      ),
    );
    // Two deposits are two subjects: both wait; approved at once (each by the other operator),
    // one pays the buy and the other is refused, its approval still pending.
    expect(answers.map((answer) => answer.statusCode)).toEqual([202, 202]);
    const [byOperator, bySecond] = answers.map(
      (answer) => answer.json<ApprovalRequested>().approval.id,
    );
    const approved = await Promise.all([
      second.browser.post(`/api/operator/approvals/${byOperator}/approve`, {}),
      operator.browser.post(`/api/operator/approvals/${bySecond}/approve`, {}),
    ]);
    expect(approved.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const statuses = await kit.app.db.execute<{ status: string }>(
      sql`select status from deposits where id in (${a.deposit.id}, ${b.deposit.id}) order by status`,
    );
    // The other is still the portal's to use or refund (in review, or owed back at once since
    // the buy it named is no longer open).
    expect(statuses.rows.map((row) => row.status)).toEqual([
      expect.stringMatching(/^(refund_due|review)$/),
      'settled',
    ]);
  });

  it('the database refuses a Completed buy without its deposit, and a deposit named by two buys', async () => {
    const owner = await kit.person();
    const account = await kit.account(owner);
    const buy = await kit.made(owner, 'buy', account.id, uniqueAmount());
    await expect(
      kit.app.db.execute(sql`update transactions set status = 'Completed' where id = ${buy.id}`),
    ).rejects.toThrow();
  });
});

describe('the receiving account counts', () => {
  it('a deposit on another agency account never settles; a later change of the agency account changes no open buy', async () => {
    const owner = await kit.person();
    const account = await kit.account(owner);
    const buy = await kit.made(owner, 'buy', account.id, uniqueAmount());
    const shownAt = buy.depositInstructions!.accountNumber;

    const elsewhere = await deposit(kit.app, {
      depositorName: owner.name,
      amountKrw: buy.totalKrw,
      receivingAccount: '333-01-998877',
    });
    expect(elsewhere.deposit).toMatchObject({
      status: 'review',
      reviewReason: 'receiving_account_differs',
    });
    expect(await statusOf(kit.app, buy.id)).toBe('Pending');

    const [agency] = await kit.app.db
      .select({ number: agencies.bankAccountNumber })
      .from(agencies)
      .where(eq(agencies.id, kit.agencyId));
    const other = await kit.made(owner, 'buy', account.id, uniqueAmount());
    await kit.app.db
      .update(agencies)
      .set({ bankAccountNumber: '777-77-777777' })
      .where(eq(agencies.id, kit.agencyId));
    try {
      const still = (
        await owner.browser.get(`/api/transactions/${other.id}`)
      ).json<TransactionDetail>();
      expect(still.depositInstructions!.accountNumber).toBe(shownAt);
      // Paid on the account it showed (digits only), it settles.
      const paid = await deposit(kit.app, {
        depositorName: owner.name,
        amountKrw: other.totalKrw,
        receivingAccount: shownAt.replace(/-/g, ''),
      });
      expect(paid.deposit.status).toBe('settled');
    } finally {
      await kit.app.db
        .update(agencies)
        .set({ bankAccountNumber: agency!.number })
        .where(eq(agencies.id, kit.agencyId));
    }
  });
});

describe('refunds', () => {
  it('refund due -> refunded: the owner sees it on the request, with the day it went back', async () => {
    const owner = await kit.person();
    const account = await kit.account(owner);
    const buy = await kit.made(owner, 'buy', account.id, uniqueAmount());
    // One won short: the buy waits with the deposit; the operator refuses the difference.
    const { deposit: short } = await deposit(kit.app, {
      depositorName: owner.name,
      amountKrw: String(BigInt(buy.totalKrw) - 1n),
    });
    expect(short).toMatchObject({ status: 'review', reviewReason: 'amount_differs' });

    const notYet = await operator.browser.post(`/api/operator/deposits/${short.id}/refunded`, {
      bankReference: 'RET-1',
      refundedOn: '2026-01-02',
    });
    expect(notYet.json()).toMatchObject({ error: { code: 'DEPOSIT_ALREADY_RESOLVED' } });

    const refund = await operator.browser.post(`/api/operator/deposits/${short.id}/refund`, {
      reason: 'amount_refused',
      note: 'asked the customer to send the full amount',
    });
    await kit.approve(refund);
    const decided = (
      await operator.browser.get(`/api/operator/deposits/${short.id}`)
    ).json<DepositDetail>().deposit;
    expect(decided).toMatchObject({
      status: 'refund_due',
      refundReason: 'amount_refused',
      refundTransaction: { id: buy.id },
    });
    const seen = (await owner.browser.get(`/api/transactions/${buy.id}`)).json<TransactionDetail>();
    expect(seen.refunds).toEqual([
      { amountKrw: short.amountKrw, status: 'refund_due', refundedAt: null },
    ]);

    const future = await operator.browser.post(`/api/operator/deposits/${short.id}/refunded`, {
      bankReference: 'RET-2',
      refundedOn: '2098-01-01',
    });
    expect(future.statusCode).toBe(400);
    expect(future.json()).toMatchObject({ error: { fields: { refundedOn: 'dateInFuture' } } });
    const bad = await operator.browser.post(`/api/operator/deposits/${short.id}/refunded`, {
      bankReference: '',
      refundedOn: '2026-02-30',
    });
    expect(bad.statusCode).toBe(400);

    const refunded = await operator.browser.post(`/api/operator/deposits/${short.id}/refunded`, {
      bankReference: 'KB-RETURN-0001',
      refundedOn: '2026-11-20',
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json<Deposit>()).toMatchObject({
      status: 'refunded',
      refundBankReference: 'KB-RETURN-0001',
      refundedAt: '2026-11-19T15:00:00.000Z',
    });
    const after = (
      await owner.browser.get(`/api/transactions/${buy.id}`)
    ).json<TransactionDetail>();
    expect(after.refunds).toEqual([
      { amountKrw: short.amountKrw, status: 'refunded', refundedAt: '2026-11-19T15:00:00.000Z' },
    ]);
    // Refunded is final: it can neither pay a buy nor be written off.
    const match = await operator.browser.post(`/api/operator/deposits/${short.id}/match`, {
      transactionId: buy.id,
      acceptAmountDifference: true,
    });
    expect(match.json()).toMatchObject({ error: { code: 'DEPOSIT_NOT_USABLE' } });
    const writeOff = await operator.browser.post(`/api/operator/deposits/${short.id}/write-off`, {
      reason: 'x',
    });
    expect(writeOff.json()).toMatchObject({ error: { code: 'DEPOSIT_ALREADY_RESOLVED' } });

    const audit = await kit.app.db.execute<{ action: string }>(
      sql`select action from audit_events where details->>'deposit' = ${short.bankReference} order by occurred_at`,
    );
    expect(audit.rows.map((row) => row.action)).toEqual(['deposit_refund_due', 'deposit_refunded']);
  });

  it('a deposit nobody asked for is a refund due at once; it can be written off with a reason', async () => {
    const { deposit: stray } = await deposit(kit.app, {
      depositorName: '모르는사람',
      amountKrw: '987654321',
    });
    expect(stray).toMatchObject({ status: 'refund_due', refundReason: 'no_request' });
    const queue = (
      await operator.browser.get('/api/operator/deposits?status=refund_due&pageSize=100')
    ).json<{ items: Deposit[] }>();
    expect(queue.items.map((item) => item.id)).toContain(stray.id);
    const blank = await operator.browser.post(`/api/operator/deposits/${stray.id}/write-off`, {
      reason: ' ',
    });
    expect(blank.statusCode).toBe(400);
    const written = await operator.browser.post(`/api/operator/deposits/${stray.id}/write-off`, {
      reason: 'The sender’s bank returned it itself',
    });
    expect(written.json<Deposit>()).toMatchObject({
      status: 'written_off',
      writeOffReason: 'The sender’s bank returned it itself',
    });
  });

  it('a client cannot decide on deposits', async () => {
    const client = await kit.person();
    const { deposit: stray } = await deposit(kit.app, {
      depositorName: '모르는사람',
      amountKrw: '123456789',
    });
    const answer = await client.browser.post(`/api/operator/deposits/${stray.id}/refund`, {
      reason: 'no_request',
    });
    expect(answer.statusCode).toBe(403);
    const detail = await client.browser.get(`/api/operator/deposits/${stray.id}`);
    expect(detail.statusCode).toBe(403);
  });
});
