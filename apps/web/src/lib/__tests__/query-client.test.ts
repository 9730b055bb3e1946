import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '@/lib/api-client';
import { createQueryClient, retryDelay, shouldRetry } from '@/lib/query-client';

function httpError(status: number) {
  return new ApiRequestError('failed', { status, data: {} });
}

describe('query client (docs/PRODUCT.md "Constants")', () => {
  it('keeps data fresh and cached for five minutes, refetching on focus and mount always', () => {
    const defaults = createQueryClient().getDefaultOptions().queries;
    expect(defaults?.staleTime).toBe(300_000);
    expect(defaults?.gcTime).toBe(300_000);
    expect(defaults?.refetchOnWindowFocus).toBe('always');
    expect(defaults?.refetchOnMount).toBe('always');
  });

  it('backs off exponentially from 1 s up to 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(retryDelay)).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000,
    ]);
  });

  it('retries server and network failures three times', () => {
    const serverError = httpError(503);
    expect([0, 1, 2].map((count) => shouldRetry(count, serverError))).toEqual([true, true, true]);
    expect(shouldRetry(3, serverError)).toBe(false);
    expect(shouldRetry(0, new Error('Network Error'))).toBe(true);
  });

  it('never retries a client error', () => {
    for (const status of [400, 401, 403, 404, 409, 422, 429]) {
      expect(shouldRetry(0, httpError(status))).toBe(false);
    }
  });

  it('retries a failing query three times before giving up', async () => {
    const client = createQueryClient();
    let calls = 0;
    await client
      .fetchQuery({
        queryKey: ['flaky'],
        queryFn: () => {
          calls += 1;
          throw httpError(500);
        },
        retryDelay: 0,
        retry: client.getDefaultOptions().queries?.retry,
      })
      .catch(() => undefined);
    expect(calls).toBe(4);
  });
});
