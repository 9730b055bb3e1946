import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '@server/plugins/app/access';
import { signBankNotification } from '@server/modules/deposits/webhook-signature';
import { deliverToWebhook } from '@test/bank-webhook';
import { TEST_DATABASE_URL } from '@test/helpers';
import { sampleOf } from '@test/metrics-text';
import { moneyKit, uniqueKoreanName, type MoneyKit, type Person } from '../money/money-test-kit';

/**
 * The metrics listener and what it counts (docs/OPERATIONS.md, docs/decisions/032), through the
 * real listener on its own port and the real API on another: each scrape is read as Prometheus
 * reads it, and each figure is compared before and after the one thing that should move it.
 */
const SECRET = 'test-bank-webhook-secret-0123456789abcdef';
const TOKEN = 'metrics-test-token-0123456789abcdefghij';
let kit: MoneyKit;
let apiUrl: string;
let metricsUrl: string;
beforeAll(async () => {
  kit = await moneyKit({
    config: { bankWebhookSecret: SECRET, metricsPort: 0, metricsToken: TOKEN },
  });
  await kit.app.listen({ port: 0, host: '127.0.0.1' });
  const address = kit.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  apiUrl = `http://127.0.0.1:${address.port}`;
  metricsUrl = kit.app.metricsUrl!;
});
afterAll(() => kit.close());

async function scrape(): Promise<string> {
  const response = await fetch(metricsUrl, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(response.status).toBe(200);
  return response.text();
}

async function sample(name: string, labels: Record<string, string> = {}): Promise<number> {
  const value = sampleOf(await scrape(), name, labels);
  if (value === undefined) throw new Error(`no ${name} ${JSON.stringify(labels)} in the scrape`);
  return value;
}

/** A buy of its own person, open and waiting for its deposit, at an amount no other test uses. */
async function openBuy(): Promise<{ owner: Person; totalKrw: string }> {
  const owner = await kit.person();
  const account = await kit.account(owner);
  const amount = `${2 + (randomBytes(2).readUInt16BE(0) % 900)}.${randomBytes(1)[0]! % 9}1`;
  const buy = await kit.made(owner, 'buy', account.id, amount);
  return { owner, totalKrw: buy.totalKrw };
}

const notification = (depositorName: string, amountKrw: string) => ({
  bankReference: `METRICS-${randomBytes(6).toString('hex')}`,
  depositorName,
  amountKrw,
  receivedAt: new Date().toISOString(),
});

describe('the metrics listener', () => {
  it('answers Prometheus text with the portal, database and process metrics', async () => {
    const response = await fetch(metricsUrl, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    const text = await response.text();
    for (const [name, type] of [
      ['portal_http_requests_total', 'counter'],
      ['portal_http_request_duration_seconds', 'histogram'],
      ['portal_deposits_matched_total', 'counter'],
      ['portal_deposits_review_total', 'counter'],
      ['portal_deposits_refund_due_total', 'counter'],
      ['portal_deposits_duplicate_total', 'counter'],
      ['portal_bank_webhook_rejections_total', 'counter'],
      ['portal_live_streams_open', 'gauge'],
      ['portal_transaction_mails_oldest_unsent_age_seconds', 'gauge'],
      ['portal_merchant_credits_oldest_due_age_seconds', 'gauge'],
      ['portal_merchant_credits_failed', 'gauge'],
      ['portal_buy_requests_oldest_overdue_expiry_age_seconds', 'gauge'],
      ['portal_backlog_up', 'gauge'],
      ['process_cpu_user_seconds_total', 'counter'],
      ['nodejs_eventloop_lag_seconds', 'gauge'],
    ]) {
      expect(text, name).toContain(`# TYPE ${name} ${type}\n`);
    }
    // Every reason an alert may watch is there from the start, at 0 until it happens.
    expect(sampleOf(text, 'portal_bank_webhook_rejections_total', { reason: 'replayed' })).toBe(0);
    expect(sampleOf(text, 'portal_backlog_up')).toBe(1);
    // The queues' ages are real figures read at the scrape: never negative, never NaN.
    for (const name of [
      'portal_transaction_mails_oldest_unsent_age_seconds',
      'portal_merchant_credits_oldest_due_age_seconds',
      'portal_buy_requests_oldest_overdue_expiry_age_seconds',
    ]) {
      expect(sampleOf(text, name), name).toBeGreaterThanOrEqual(0);
    }
    // The pool's counts exist only with a pool: the embedded database is one connection.
    if (TEST_DATABASE_URL) {
      expect(sampleOf(text, 'portal_db_pool_total_clients')).toBeGreaterThanOrEqual(1);
      expect(sampleOf(text, 'portal_db_pool_idle_clients')).toBeGreaterThanOrEqual(0);
      expect(sampleOf(text, 'portal_db_pool_waiting_clients')).toBeGreaterThanOrEqual(0);
      expect(sampleOf(text, 'portal_db_pool_max_clients')).toBe(10);
    } else {
      expect(text).not.toContain('portal_db_pool_');
    }
  });

  it('asks for the token: anonymous or wrong is 401, the right one 200', async () => {
    const anonymous = await fetch(metricsUrl);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toContain('Bearer');
    expect(await anonymous.text()).not.toContain('portal_');
    for (const authorization of [
      `Bearer ${TOKEN.slice(0, -1)}x`,
      `Bearer ${TOKEN}x`,
      'Bearer ',
      `Basic ${Buffer.from(`prometheus:${TOKEN}`).toString('base64')}`,
      TOKEN,
    ]) {
      const response = await fetch(metricsUrl, { headers: { authorization } });
      expect(response.status, authorization).toBe(401);
    }
    expect(
      (await fetch(metricsUrl, { headers: { authorization: `Bearer ${TOKEN}` } })).status,
    ).toBe(200);
    expect(
      (await fetch(metricsUrl, { headers: { authorization: `bearer ${TOKEN}` } })).status,
    ).toBe(200);
  });

  it('is its own port: the API has no /metrics and the listener serves nothing else', async () => {
    expect(new URL(metricsUrl).port).not.toBe(new URL(apiUrl).port);
    // /api/metrics is an unknown API route; /metrics is no page of the web app (its 404 page,
    // or here, with no web build in tests, the page saying it is not built).
    for (const [path, status] of [
      ['/api/metrics', 404],
      ['/metrics', 503],
    ] as const) {
      const api = await fetch(`${apiUrl}${path}`, {
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(api.status, path).toBe(status);
      expect(await api.text(), path).not.toContain('portal_http_requests_total');
    }
    const other = await fetch(new URL('/api/health', metricsUrl), {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(other.status).toBe(404);
    const post = await fetch(metricsUrl, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(post.status).toBe(405);
  });
});

describe('what the metrics count', () => {
  it('a signed deposit notification that completes a buy adds one matched deposit', async () => {
    const { owner, totalKrw } = await openBuy();
    const before = await sample('portal_deposits_matched_total', { source: 'webhook' });
    const response = await deliverToWebhook(kit.app, SECRET, notification(owner.name, totalKrw));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ deposit: { status: 'settled' }, duplicate: false });
    expect(await sample('portal_deposits_matched_total', { source: 'webhook' })).toBe(before + 1);
  });

  it('a deposit queued for review adds one under its reason; a retry counts as a duplicate', async () => {
    const { owner, totalKrw } = await openBuy();
    const review = { source: 'webhook', reason: 'amount_differs' };
    const reviewBefore = await sample('portal_deposits_review_total', review);
    const matchedBefore = await sample('portal_deposits_matched_total', { source: 'webhook' });
    const duplicateBefore = await sample('portal_deposits_duplicate_total', { source: 'webhook' });
    const sent = notification(owner.name, String(BigInt(totalKrw) + 1n));
    const now = Math.floor(Date.now() / 1000);
    const response = await deliverToWebhook(kit.app, SECRET, sent, now);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      deposit: { status: 'review', reviewReason: 'amount_differs' },
    });
    // The bank sends it again, signed anew (another timestamp, so not a replay): it changes
    // nothing and is counted as what it is.
    const retry = await deliverToWebhook(kit.app, SECRET, sent, now - 10);
    expect(retry.json()).toMatchObject({ duplicate: true });
    const text = await scrape();
    expect(sampleOf(text, 'portal_deposits_review_total', review)).toBe(reviewBefore + 1);
    expect(sampleOf(text, 'portal_deposits_matched_total', { source: 'webhook' })).toBe(
      matchedBefore,
    );
    expect(sampleOf(text, 'portal_deposits_duplicate_total', { source: 'webhook' })).toBe(
      duplicateBefore + 1,
    );
  });

  it("a deposit for nobody's request is a refund due under its reason, from the operator's entry too", async () => {
    const operator = await kit.person({ role: 'operator' });
    const refund = { source: 'manual', reason: 'no_request' };
    const before = await sample('portal_deposits_refund_due_total', refund);
    const response = await operator.browser.post(
      '/api/operator/deposits',
      notification(
        uniqueKoreanName(),
        String(10_000_000 + (randomBytes(3).readUIntBE(0, 3) % 1e6)),
      ),
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ deposit: { status: 'refund_due' } });
    expect(await sample('portal_deposits_refund_due_total', refund)).toBe(before + 1);
  });

  it('a webhook refused for its signature, its timestamp or a replay adds one under that reason', async () => {
    const reasons = ['signature_invalid', 'timestamp_stale', 'replayed'] as const;
    const text = await scrape();
    const before = Object.fromEntries(
      reasons.map((reason) => [
        reason,
        sampleOf(text, 'portal_bank_webhook_rejections_total', { reason })!,
      ]),
    );
    const raw = JSON.stringify(notification(uniqueKoreanName(), '10000'));
    const post = (timestamp: number, signature: string) =>
      kit.app.inject({
        method: 'POST',
        url: '/api/bank/deposits',
        headers: {
          'content-type': 'application/json',
          'x-bank-timestamp': String(timestamp),
          'x-bank-signature': signature,
        },
        payload: raw,
      });
    const now = Math.floor(Date.now() / 1000);

    const forged = await post(
      now,
      signBankNotification('not-the-bank-secret-0123456789abcdef', now, raw),
    );
    expect(forged.json()).toMatchObject({ error: { code: 'WEBHOOK_SIGNATURE_INVALID' } });
    const stale = await post(now - 3600, signBankNotification(SECRET, now - 3600, raw));
    expect(stale.json()).toMatchObject({ error: { code: 'WEBHOOK_TIMESTAMP_STALE' } });
    const signed = signBankNotification(SECRET, now, raw);
    expect((await post(now, signed)).statusCode).toBe(200);
    const replay = await post(now, signed);
    expect(replay.json()).toMatchObject({ error: { code: 'WEBHOOK_REPLAYED' } });

    const after = await scrape();
    for (const reason of reasons) {
      expect(sampleOf(after, 'portal_bank_webhook_rejections_total', { reason }), reason).toBe(
        before[reason]! + 1,
      );
    }
  });

  it('an open live stream raises the gauge and closing it lowers it again', async () => {
    const person = await kit.person();
    const before = await sample('portal_live_streams_open');
    const controller = new AbortController();
    const response = await fetch(`${apiUrl}/api/events`, {
      headers: {
        cookie: `${SESSION_COOKIE}=${person.browser.cookies.get(SESSION_COOKIE)}`,
        'x-role': 'production',
        accept: 'text/event-stream',
      },
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    // The first bytes mean the server has opened the stream.
    const reader = response.body!.getReader();
    await reader.read();
    expect(await sample('portal_live_streams_open')).toBe(before + 1);
    controller.abort();
    await reader.closed.catch(() => undefined);
    // The server hears of the close on its own turn: wait for it, however long it takes.
    await expect.poll(() => sample('portal_live_streams_open')).toBe(before);
  });

  it('labels requests by their route pattern, never by the path asked for', async () => {
    const person = await kit.person();
    const id = randomUUID();
    expect((await person.browser.get(`/api/transactions/${id}`)).statusCode).toBe(404);
    const unknown = `/api/no-such-route-${randomBytes(4).toString('hex')}`;
    expect((await person.browser.get(unknown)).statusCode).toBe(404);

    const text = await scrape();
    const byPattern = { route: '/api/transactions/:id', method: 'GET', status_class: '4xx' };
    expect(sampleOf(text, 'portal_http_requests_total', byPattern)).toBeGreaterThanOrEqual(1);
    expect(
      sampleOf(text, 'portal_http_request_duration_seconds_count', byPattern),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sampleOf(text, 'portal_http_request_duration_seconds_bucket', { ...byPattern, le: '+Inf' }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sampleOf(text, 'portal_http_requests_total', {
        route: 'unmatched',
        method: 'GET',
        status_class: '4xx',
      }),
    ).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain(id);
    expect(text).not.toContain(unknown);
  });
});
