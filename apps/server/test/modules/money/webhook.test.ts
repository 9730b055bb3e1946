import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_DEPOSITS_PER_DELIVERY,
  type DepositBatchOutcome,
  type DepositOutcome,
  type TransactionDetail,
} from '@portal/contract/transactions';
import { and, eq } from 'drizzle-orm';
import { auditEvents, deposits, webhookDeliveries } from '@server/db/schema';
import { deleteExpiredDeliveries } from '@server/modules/deposits/deliveries';
import { signBankNotification } from '@server/modules/deposits/webhook-signature';
import { moneyKit, type MoneyKit } from './money-test-kit';

const SECRET = 'test-bank-webhook-secret-0123456789abcdef';
let kit: MoneyKit;
beforeAll(async () => {
  kit = await moneyKit({ config: { bankWebhookSecret: SECRET } });
});
afterAll(() => kit.close());

function deliver(
  body: unknown,
  options: { timestamp?: number; secret?: string; signature?: string } = {},
) {
  const raw = JSON.stringify(body);
  const timestamp = options.timestamp ?? Math.floor(Date.now() / 1000);
  return kit.app.inject({
    method: 'POST',
    url: '/api/bank/deposits',
    headers: {
      'content-type': 'application/json',
      'x-bank-timestamp': String(timestamp),
      'x-bank-signature':
        options.signature ?? signBankNotification(options.secret ?? SECRET, timestamp, raw),
    },
    payload: raw,
  });
}

const reference = () => `BANK-${randomBytes(6).toString('hex')}`;

/** The conflicts recorded for the operator under a bank reference (docs/SECURITY.md). */
async function conflictsOf(bankReference: string) {
  return kit.app.db
    .select({ details: auditEvents.details })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.action, 'deposit_reference_conflict'),
        eq(auditEvents.objectId, bankReference),
      ),
    );
}

describe('a bank reference sent again with other details', () => {
  it('is a 409 conflict, not a duplicate: the first deposit stands and the operator sees both', async () => {
    const notification = {
      bankReference: reference(),
      depositorName: '김하늘',
      amountKrw: '10000',
      receivedAt: '2026-11-24T02:35:00Z',
    };
    expect((await deliver(notification)).statusCode).toBe(200);
    const changed = [
      { ...notification, amountKrw: '100000' },
      { ...notification, depositorName: '김하 늘' },
      { ...notification, receivedAt: '2026-11-24T02:36:00Z' },
    ];
    for (const [index, other] of changed.entries()) {
      const response = await deliver(other, {
        timestamp: Math.floor(Date.now() / 1000) - index - 1,
      });
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json()).toMatchObject({ error: { code: 'DEPOSIT_REFERENCE_CONFLICT' } });
    }
    // The same details again (spaces and Unicode form aside) is still a retry.
    const retry = await deliver(
      { ...notification, depositorName: ` ${notification.depositorName.normalize('NFD')} ` },
      { timestamp: Math.floor(Date.now() / 1000) - 10 },
    );
    expect(retry.json<DepositOutcome>()).toMatchObject({ duplicate: true });
    const [row] = await kit.app.db
      .select()
      .from(deposits)
      .where(eq(deposits.bankReference, notification.bankReference));
    expect(row).toMatchObject({ depositorName: '김하늘', amountKrw: '10000' });
    const conflicts = await conflictsOf(notification.bankReference);
    expect(conflicts).toHaveLength(3);
    expect(conflicts[0]!.details).toMatchObject({
      source: 'webhook',
      recorded: { depositorName: '김하늘', amountKrw: '10000' },
      received: { amountKrw: '100000' },
    });
  });

  it('in a batch, records nothing of the batch', async () => {
    const known = {
      bankReference: reference(),
      depositorName: '이서준',
      amountKrw: '20000',
      receivedAt: '2026-11-24T03:00:00Z',
    };
    expect((await deliver(known)).statusCode).toBe(200);
    const fresh = { ...known, bankReference: reference() };
    const response = await deliver({ deposits: [fresh, { ...known, amountKrw: '20001' }] });
    expect(response.statusCode).toBe(409);
    const written = await kit.app.db
      .select()
      .from(deposits)
      .where(eq(deposits.bankReference, fresh.bankReference));
    expect(written).toEqual([]);
    expect(await conflictsOf(known.bankReference)).toHaveLength(1);
  });
});

describe('the bank deposit webhook', () => {
  it('a signed matching deposit completes the buy; the same deposit again counts once', async () => {
    const owner = await kit.person();
    const account = await kit.account(owner);
    const buy = await kit.made(owner, 'buy', account.id, '2');
    const notification = {
      bankReference: reference(),
      depositorName: ` ${owner.name.normalize('NFD')} `,
      amountKrw: buy.totalKrw,
      receivedAt: new Date().toISOString(),
    };
    // Fixed timestamps: every delivery below is signed differently, whatever the clock does.
    const base = Math.floor(Date.now() / 1000);
    const first = await deliver(notification, { timestamp: base });
    expect(first.statusCode).toBe(200);
    expect(first.json<DepositOutcome>()).toMatchObject({
      duplicate: false,
      deposit: { status: 'settled', matchedTransaction: { id: buy.id, number: buy.number } },
    });
    for (let i = 0; i < 4; i += 1) {
      // A retry is signed anew (another timestamp), so it is not a replay but a duplicate.
      const again = await deliver(notification, {
        timestamp: base - i - 1,
      });
      expect(again.json<DepositOutcome>()).toMatchObject({ duplicate: true });
    }
    const detail = (
      await owner.browser.get(`/api/transactions/${buy.id}`)
    ).json<TransactionDetail>();
    expect(detail.status).toBe('Completed');
    // Pending until a credit worker delivers it; another test file's worker on a shared
    // database may already have.
    expect(['pending', 'delivered']).toContain(detail.creditStatus);
    expect(detail.events.map((event) => event.move)).toEqual(['request', 'deposit_matched']);
  });

  it('refuses a wrong signature, a stale timestamp and a replay', async () => {
    const body = {
      bankReference: reference(),
      depositorName: '아무개',
      amountKrw: '1000',
      receivedAt: new Date().toISOString(),
    };
    const wrong = await deliver(body, { secret: 'another-secret-0123456789abcdef-xyz' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ error: { code: 'WEBHOOK_SIGNATURE_INVALID' } });

    const stale = await deliver(body, { timestamp: Math.floor(Date.now() / 1000) - 301 });
    expect(stale.statusCode).toBe(401);
    expect(stale.json()).toMatchObject({ error: { code: 'WEBHOOK_TIMESTAMP_STALE' } });

    const timestamp = Math.floor(Date.now() / 1000);
    const once = await deliver(body, { timestamp });
    expect(once.statusCode).toBe(200);
    // Nothing asked for it: owed back at once (or in review, if another test file has an open
    // request of the same amount on a shared database).
    expect(once.json<DepositOutcome>().deposit).toMatchObject({
      status: expect.stringMatching(/^(refund_due|review)$/),
      reviewReason: 'no_prior_request',
    });
    const replay = await deliver(body, { timestamp });
    expect(replay.statusCode).toBe(409);
    expect(replay.json()).toMatchObject({ error: { code: 'WEBHOOK_REPLAYED' } });
  });

  it('answers bad bodies with 400 and stable codes, and records nothing', async () => {
    const notJson = await kit.app.inject({
      method: 'POST',
      url: '/api/bank/deposits',
      headers: {
        'content-type': 'application/json',
        'x-bank-timestamp': String(Math.floor(Date.now() / 1000)),
        'x-bank-signature': signBankNotification(SECRET, Math.floor(Date.now() / 1000), '{oops'),
      },
      payload: '{oops',
    });
    expect(notJson.statusCode).toBe(400);
    const invalid = await deliver({
      bankReference: reference(),
      depositorName: '',
      amountKrw: '1.5',
      receivedAt: 'yesterday',
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({
      error: {
        code: 'VALIDATION_FAILED',
        fields: {
          depositorName: 'required',
          amountKrw: 'numberWholeWon',
          receivedAt: 'dateInvalid',
        },
      },
    });
  });

  it('a batch decides each deposit exactly as if it had come alone, in the order sent', async () => {
    // The same story twice: once as single deliveries, once as one batch.
    async function story() {
      const first = await kit.person();
      const second = await kit.person();
      // Amounts no other test's open request has: another open request of the same amount
      // would be related too (and moved by the first story), and the stories would differ.
      const odd = () => (2 + Math.floor(Math.random() * 90_000) / 10_000).toFixed(4);
      const buy1 = await kit.made(first, 'buy', (await kit.account(first)).id, odd());
      const buy2 = await kit.made(second, 'buy', (await kit.account(second)).id, odd());
      const known = {
        bankReference: reference(),
        depositorName: '아무개',
        amountKrw: '1000',
        receivedAt: new Date().toISOString(),
      };
      expect((await deliver(known)).statusCode).toBe(200);
      const at = new Date().toISOString();
      const pays1 = {
        bankReference: reference(),
        depositorName: first.name,
        amountKrw: buy1.totalKrw,
        receivedAt: at,
      };
      const deposits = [
        pays1, // settles buy 1
        { ...pays1 }, // the same reference again: a duplicate
        { ...pays1, bankReference: reference() }, // pays buy 1 again: it is Completed by now
        { ...pays1, bankReference: reference(), depositorName: second.name, amountKrw: '1' },
        {
          bankReference: reference(),
          depositorName: second.name,
          amountKrw: buy2.totalKrw,
          receivedAt: at,
        }, // buy 2 went to Pending just before: a person decides
        known, // recorded before
      ];
      const label = new Map([
        [buy1.id, 'buy1'],
        [buy2.id, 'buy2'],
      ]);
      const shape = (outcome: DepositOutcome) => ({
        duplicate: outcome.duplicate,
        status: outcome.deposit.status,
        reason: outcome.deposit.reviewReason,
        matched: outcome.deposit.matchedTransaction
          ? label.get(outcome.deposit.matchedTransaction.id)
          : null,
        related: outcome.deposit.relatedTransactions.map((r) => label.get(r.id) ?? 'other'),
      });
      const statuses = async () =>
        Promise.all(
          [
            [first, buy1],
            [second, buy2],
          ].map(
            async ([owner, buy]) =>
              (
                await (owner as typeof first).browser.get(
                  `/api/transactions/${(buy as typeof buy1).id}`,
                )
              ).json<TransactionDetail>().status,
          ),
        );
      return { deposits, shape, statuses };
    }

    const alone = await story();
    const aloneOutcomes: ReturnType<typeof alone.shape>[] = [];
    const base = Math.floor(Date.now() / 1000);
    for (const [index, deposit] of alone.deposits.entries()) {
      // Each delivery signed at its own second: a repeated body is a duplicate, not a replay.
      const response = await deliver(deposit, { timestamp: base - index });
      expect(response.statusCode).toBe(200);
      aloneOutcomes.push(alone.shape(response.json<DepositOutcome>()));
    }

    const together = await story();
    const response = await deliver({ deposits: together.deposits });
    expect(response.statusCode).toBe(200);
    const { results } = response.json<DepositBatchOutcome>();
    expect(results.map(together.shape)).toEqual(aloneOutcomes);
    expect(aloneOutcomes.map((o) => [o.duplicate, o.status, o.reason])).toEqual([
      [false, 'settled', null],
      [true, 'settled', null],
      [false, 'refund_due', 'no_prior_request'], // a second payment of a completed buy
      [false, 'review', 'amount_differs'],
      [false, 'review', 'no_prior_request'],
      [true, expect.stringMatching(/^(refund_due|review)$/), expect.any(String)],
    ]);
    expect(await together.statuses()).toEqual(await alone.statuses());
    expect(await together.statuses()).toEqual(['Completed', 'Pending']);
  });

  it('batches delivered at once complete each request once', async () => {
    const owners = await Promise.all(Array.from({ length: 5 }, () => kit.person()));
    const buys = await Promise.all(
      owners.map(async (owner, index) =>
        kit.made(owner, 'buy', (await kit.account(owner)).id, `${4 + index}`),
      ),
    );
    const at = new Date().toISOString();
    const batches = Array.from({ length: 8 }, (_, batch) => ({
      deposits: owners
        .map((owner, index) => ({
          bankReference: reference(),
          depositorName: owner.name,
          amountKrw: buys[index]!.totalKrw,
          receivedAt: at,
        }))
        // Each batch in another order, so their locks would cross if taken one by one.
        .sort(() => (batch % 2 === 0 ? 1 : -1)),
    }));
    const responses = await Promise.all(batches.map((body) => deliver(body)));
    expect(responses.map((r) => r.statusCode)).toEqual(batches.map(() => 200));
    const settled = responses
      .flatMap((r) => r.json<DepositBatchOutcome>().results)
      .filter((r) => r.deposit.status === 'settled')
      .map((r) => r.deposit.matchedTransaction!.id)
      .sort();
    expect(settled).toEqual(buys.map((buy) => buy.id).sort());
  });

  it('refuses an empty or oversized batch, or one bad deposit in it, and records nothing', async () => {
    const good = () => ({
      bankReference: reference(),
      depositorName: '아무개',
      amountKrw: '1000',
      receivedAt: new Date().toISOString(),
    });
    const empty = await deliver({ deposits: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
    const tooMany = await deliver({
      deposits: Array.from({ length: MAX_DEPOSITS_PER_DELIVERY + 1 }, good),
    });
    expect(tooMany.statusCode).toBe(400);
    const kept = good();
    const oneBad = await deliver({ deposits: [kept, { ...good(), amountKrw: '-5' }] });
    expect(oneBad.statusCode).toBe(400);
    expect(oneBad.json().error.fields).toEqual({ 'deposits.1.amountKrw': 'amountNotPositive' });
    // Nothing of the refused batch was recorded: its good deposit comes later as new.
    const later = await deliver(kept);
    expect(later.json<DepositOutcome>()).toMatchObject({ duplicate: false });
  });

  it('forgets deliveries past the signature window and keeps the ones within it', async () => {
    const body = {
      bankReference: reference(),
      depositorName: '아무개',
      amountKrw: '1000',
      receivedAt: new Date().toISOString(),
    };
    const timestamp = Math.floor(Date.now() / 1000);
    expect((await deliver(body, { timestamp })).statusCode).toBe(200);
    const old = `v1=old-${reference()}`;
    await kit.app.db
      .insert(webhookDeliveries)
      .values({ signature: old, expiresAt: new Date(Date.now() - 1000) });
    await deleteExpiredDeliveries(kit.app.db);
    const left = (await kit.app.db.select().from(webhookDeliveries)).map((row) => row.signature);
    expect(left).not.toContain(old);
    // The recent one is kept, so its replay is still refused.
    const replay = await deliver(body, { timestamp });
    expect(replay.statusCode).toBe(409);
  });

  it('is off without a configured secret', async () => {
    const off = await moneyKit({ config: { bankWebhookSecret: undefined } });
    try {
      const response = await off.app.inject({
        method: 'POST',
        url: '/api/bank/deposits',
        headers: { 'content-type': 'application/json' },
        payload: '{}',
      });
      expect(response.statusCode).toBe(503);
    } finally {
      await off.close();
    }
  });
});
