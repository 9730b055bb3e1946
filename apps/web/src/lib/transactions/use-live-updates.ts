import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { createParser } from 'eventsource-parser';
import { apiHeaders, apiUrl } from '@/lib/api-client';
import { checkSession } from '@/lib/auth/use-session-expiry';
import {
  isTransactionChangeEvent,
  type TransactionChangeEvent,
} from '@portal/contract/transaction-states';

/**
 * Live updates (docs/PRODUCT.md "Live data"): the server pushes `event: transaction` on GET /api/events
 * whenever one of the user's transactions changes, and the screens showing transactions or
 * positions refetch. EventSource cannot send the X-Role header every call needs, so the stream is
 * read with fetch, with the headers of the one client (`apiHeaders`), and parsed with
 * eventsource-parser.
 */
export const EVENTS_PATH = '/events';
const FIRST_DELAY_MS = 1_000;
const MAX_DELAY_MS = 30_000;

/**
 * The query key prefixes a transaction change makes stale: a user's own lists and positions,
 * and, for an operator (who hears every user's changes), the transaction queues and the deposit
 * list, since a deposit settling a buy moves it out of review, and the approvals (an approval
 * carried out or refused moves its transaction; docs/decisions/017). A key no screen holds costs
 * nothing. An approval asked for that moves no transaction arrives when the window is focused again.
 */
export const LIVE_QUERY_PREFIXES = [
  ['transactions'],
  ['positions'],
  ['operator', 'transactions'],
  ['operator', 'deposits'],
  ['operator', 'approvals'],
] as const;

export function invalidateLiveQueries(queryClient: QueryClient) {
  return Promise.all(
    LIVE_QUERY_PREFIXES.map((queryKey) =>
      queryClient.invalidateQueries({ queryKey: [...queryKey] }),
    ),
  );
}

/** Reads one event stream to its end, calling `onChange` for each valid transaction event. */
export async function readEventStream(
  body: ReadableStream<Uint8Array>,
  onChange: (event: TransactionChangeEvent) => void,
  { onActivity = () => {}, signal }: { onActivity?: () => void; signal?: AbortSignal } = {},
): Promise<void> {
  const parser = createParser({
    onEvent: (message) => {
      onActivity();
      if (message.event !== 'transaction') return;
      let data: unknown;
      try {
        data = JSON.parse(message.data);
      } catch {
        return;
      }
      if (isTransactionChangeEvent(data)) onChange(data);
    },
    onComment: onActivity,
  });
  const reader = body.getReader();
  const decoder = new TextDecoder();
  // Leaving (sign-out, unmount) ends the read even if the stream itself never does.
  const stop = () => void reader.cancel().catch(() => {});
  signal?.addEventListener('abort', stop, { once: true });
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      parser.feed(decoder.decode(value, { stream: true }));
    }
  } finally {
    signal?.removeEventListener('abort', stop);
    reader.releaseLock();
  }
}

export function nextDelay(delay: number): number {
  return Math.min(delay * 2, MAX_DELAY_MS);
}

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}

/**
 * Keeps one stream open until `signal` aborts: reconnects with backoff from 1 s doubling to 30 s
 * when it ends or fails, and stops for good when the server says the session is over (401/403).
 * After a reconnect everything live is refetched, since events may have been missed meanwhile.
 */
export async function runLiveUpdates(
  queryClient: QueryClient,
  signal: AbortSignal,
  fetchImpl: typeof fetch = (...args) => fetch(...args),
): Promise<void> {
  let delay = FIRST_DELAY_MS;
  let connectedBefore = false;
  while (!signal.aborted) {
    try {
      const response = await fetchImpl(apiUrl(EVENTS_PATH), {
        method: 'GET',
        credentials: 'include',
        cache: 'no-store',
        headers: { Accept: 'text/event-stream', ...apiHeaders() },
        signal,
      });
      // The server closes a stream whose session ended (signed out elsewhere, expired, the
      // user disabled) and refuses the reconnect: the tab finds out who is signed in now.
      if (response.status === 401 || response.status === 403) {
        void checkSession(queryClient);
        return;
      }
      if (response.ok && response.body) {
        if (connectedBefore) void invalidateLiveQueries(queryClient);
        connectedBefore = true;
        await readEventStream(response.body, () => void invalidateLiveQueries(queryClient), {
          onActivity: () => {
            delay = FIRST_DELAY_MS;
          },
          signal,
        });
      }
    } catch {
      // A dropped connection or an aborted one: the loop decides whether to try again.
    }
    if (signal.aborted) return;
    await wait(delay, signal);
    delay = nextDelay(delay);
  }
}

/** Mounted once in the signed-in layout: live while `enabled` (a user is signed in). */
export function useLiveUpdates(enabled: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof fetch !== 'function') return;
    const controller = new AbortController();
    void runLiveUpdates(queryClient, controller.signal);
    return () => controller.abort();
  }, [enabled, queryClient]);
}
