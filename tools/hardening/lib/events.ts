import { randomUUID } from 'node:crypto';
import { createParser } from 'eventsource-parser';
import type { Browser } from './browser';
import { quoteFor, type Client } from './fixtures';

/**
 * GET /api/events read as the page reads it (fetch, not EventSource, which cannot send X-Role),
 * collecting the `transaction` events.
 */
export async function openEventStream(browser: Browser) {
  const seen = new Map<string, number>();
  const waiters = new Set<() => void>();
  const controller = new AbortController();
  const response = await fetch(`${browser.baseUrl}/api/events`, {
    headers: browser.headers({ accept: 'text/event-stream' }),
    signal: controller.signal,
  });
  if (response.status !== 200) throw new Error(`events: ${response.status}`);
  const parser = createParser({
    onEvent(event) {
      if (event.event !== 'transaction') return;
      const { transactionId } = JSON.parse(event.data) as { transactionId: string };
      if (!seen.has(transactionId)) seen.set(transactionId, Date.now());
      for (const wake of waiters) wake();
    },
  });
  void (async () => {
    const decoder = new TextDecoder();
    try {
      for await (const chunk of response.body!)
        parser.feed(decoder.decode(chunk, { stream: true }));
    } catch {
      // aborted
    }
  })();

  /** When the event for `transactionId` arrived, waiting up to `timeoutMs`; undefined: never. */
  async function arrival(transactionId: string, timeoutMs: number): Promise<number | undefined> {
    const deadline = Date.now() + timeoutMs;
    while (!seen.has(transactionId) && Date.now() < deadline) {
      await new Promise<void>((resolve) => {
        const wake = () => {
          waiters.delete(wake);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(wake, Math.max(0, deadline - Date.now()));
        waiters.add(wake);
      });
    }
    return seen.get(transactionId);
  }

  return {
    /**
     * Makes a buy as `client` through `via` (another instance, or this one) and waits for its
     * event on this stream. Returns the transaction only if the event came.
     */
    async afterBuy(merchantId: string, client: Client, via: Browser = client.browser) {
      const quoteToken = await quoteFor(via, merchantId, 'buy');
      const sentAt = Date.now();
      const made = await via.post<{ id: string }>(
        '/api/transactions/buy',
        { accountId: client.accountId, amount: '1.5', quoteToken },
        { 'idempotency-key': randomUUID() },
      );
      if (made.status !== 201) throw new Error(`buy: ${made.status} ${JSON.stringify(made.body)}`);
      const at = await arrival(made.body.id, 10_000);
      return {
        transactionId: at === undefined ? undefined : made.body.id,
        deliveredMs: at === undefined ? undefined : at - sentAt,
      };
    },
    close: () => controller.abort(),
  };
}
