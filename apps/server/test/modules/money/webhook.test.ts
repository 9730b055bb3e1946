import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DepositOutcome, TransactionDetail } from '@portal/contract/transactions';
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
    expect(once.json<DepositOutcome>().deposit).toMatchObject({
      status: 'review',
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
          amountKrw: 'amountInvalid',
          receivedAt: 'dateInvalid',
        },
      },
    });
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
