import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiUrl } from '@/lib/api-client';
import { sessionStatus } from '@/lib/auth/session-status';
import { currentUserQueryKey } from '@/lib/user/get-current-user';
import { mockApi, ok } from '@/testing/api';
import { testUser } from '@/testing/app';
import {
  EVENTS_PATH,
  nextDelay,
  readEventStream,
  runLiveUpdates,
  useLiveUpdates,
} from '@/lib/transactions/use-live-updates';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** A byte stream that sends `chunks` one by one and then ends, or stays open. */
function streamOf(chunks: string[], { end = true } = {}): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      if (end) controller.close();
    },
  });
}

const completed = 'event: transaction\ndata: {"transactionId":"t1","status":"Completed"}\n\n';

function sseResponse(body: ReadableStream<Uint8Array>, status = 200) {
  return new Response(body, { status, headers: { 'Content-Type': 'text/event-stream' } });
}

describe('the live event stream', () => {
  it('parses transaction events across chunk boundaries, ignoring pings and others', async () => {
    const seen: unknown[] = [];
    await readEventStream(
      streamOf([
        ': ping\n\n',
        'event: transaction\ndata: {"transactionId":"t1",',
        '"status":"Completed"}\n\nevent: other\ndata: {}\n\n',
        'event: transaction\ndata: not json\n\n',
        'event: transaction\ndata: {"transactionId":"t2","status":"Weird"}\n\n',
        'event: transaction\r\ndata: {"transactionId":"t3","status":"Cancelled"}\r\n\r\n',
      ]),
      (event) => seen.push(event),
    );
    expect(seen).toEqual([
      { transactionId: 't1', status: 'Completed' },
      { transactionId: 't3', status: 'Cancelled' },
    ]);
  });

  it('backs off from 1 s doubling up to 30 s', () => {
    const delays = [1000];
    for (let i = 0; i < 6; i += 1) delays.push(nextDelay(delays.at(-1)!));
    expect(delays).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });

  it('asks with the role header and credentials, invalidates the live views on an event', async () => {
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const controller = new AbortController();
    const fetchImpl = vi
      .fn<typeof fetch>()
      .mockResolvedValueOnce(sseResponse(streamOf([': ping\n\n', completed], { end: false })));
    const running = runLiveUpdates(queryClient, controller.signal, fetchImpl);
    await vi.waitFor(() => expect(invalidate).toHaveBeenCalledTimes(5));
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['transactions'] });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['positions'] });
    // An operator hears every user's changes: the queues and the deposit list follow them.
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['operator', 'transactions'] });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['operator', 'deposits'] });
    // And the approvals: one carried out or refused moves its transaction (docs/decisions/017).
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['operator', 'approvals'] });
    const [url, init] = fetchImpl.mock.calls[0]!;
    expect(url).toBe(apiUrl(EVENTS_PATH));
    expect(init?.credentials).toBe('include');
    expect(init?.headers).toMatchObject({ Accept: 'text/event-stream', 'X-Role': 'production' });
    controller.abort();
    await running;
  });

  it('reconnects with backoff when the stream ends or fails, and stops when aborted', async () => {
    vi.useFakeTimers();
    const queryClient = new QueryClient();
    const controller = new AbortController();
    const fetchImpl = vi
      .fn<typeof fetch>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(sseResponse(streamOf([])))
      .mockResolvedValue(sseResponse(streamOf([], { end: false })));
    const running = runLiveUpdates(queryClient, controller.signal, fetchImpl);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchImpl).toHaveBeenCalledTimes(2);
    // The second stream ended at once: the next try waits 2 s.
    await vi.advanceTimersByTimeAsync(1999);
    expect(fetchImpl).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchImpl).toHaveBeenCalledTimes(3);
    controller.abort();
    await running;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchImpl).toHaveBeenCalledTimes(3);
  });

  it('gives up when the session is over, and the tab finds out it ended', async () => {
    const fetchImpl = vi.fn<typeof fetch>().mockResolvedValue(new Response(null, { status: 401 }));
    const queryClient = new QueryClient();
    queryClient.setQueryData(currentUserQueryKey, testUser);
    mockApi.get.mockResolvedValue(ok({ user: null }));
    await runLiveUpdates(queryClient, new AbortController().signal, fetchImpl);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    // The server closed the stream of a session that ended elsewhere: the guard will say so.
    await waitFor(() => expect(sessionStatus()).toBe('ended'));
  });
});

describe('useLiveUpdates', () => {
  function Live({ enabled }: { enabled: boolean }) {
    useLiveUpdates(enabled);
    return null;
  }

  it('reads the stream while signed in and stops on unmount', async () => {
    let aborted: AbortSignal | undefined;
    const fetchMock = vi.fn((_url: string, init?: RequestInit) => {
      aborted = init?.signal ?? undefined;
      return Promise.resolve(sseResponse(streamOf([completed], { end: false })));
    });
    vi.stubGlobal('fetch', fetchMock);
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const view = render(
      <QueryClientProvider client={queryClient}>
        <Live enabled />
      </QueryClientProvider>,
    );
    await vi.waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: ['transactions'] }));
    view.unmount();
    expect(aborted?.aborted).toBe(true);
  });

  it('does nothing while signed out', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    render(
      <QueryClientProvider client={new QueryClient()}>
        <Live enabled={false} />
      </QueryClientProvider>,
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
