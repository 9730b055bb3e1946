import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_USER_ROLE as CONTRACT_DEFAULT_ROLE } from '@portal/contract/users';
import { CANCELLED_MESSAGE, HttpStatusError, isClientError } from '@/lib/http';
import { getCurrentUser } from '@/lib/user/get-current-user';
import { DEFAULT_USER_ROLE } from '@/lib/user/user-context';
import { testUser } from '@/testing/app';

function answer(body: unknown, status = 200) {
  const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(
    new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=rotated%2Ftoken%3D; path=/';
});

afterEach(() => {
  vi.unstubAllGlobals();
  document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});

describe('getCurrentUser (fetch, not the shared client)', () => {
  it('sends what the shared client sends: cookies, the role header and the anti-forgery token', async () => {
    const fetchMock = answer({ user: testUser });
    const controller = new AbortController();
    await expect(getCurrentUser(controller.signal)).resolves.toEqual(testUser);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/auth/me');
    expect(init?.credentials).toBe('include');
    expect(init?.signal).toBe(controller.signal);
    expect(init?.headers).toMatchObject({
      'X-Role': 'production',
      'X-XSRF-TOKEN': 'rotated/token=',
    });
  });

  it('answers null when nobody is signed in', async () => {
    answer({ user: null });
    await expect(getCurrentUser()).resolves.toBeNull();
  });

  it('fails with the status on a non-2xx answer, so 4xx are not retried', async () => {
    answer({ error: { code: 'DEPLOYMENT_ROLE_MISMATCH', message: 'No.' } }, 403);
    const error = await getCurrentUser().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HttpStatusError);
    expect((error as HttpStatusError).status).toBe(403);
    expect(isClientError(error)).toBe(true);
  });

  it('treats a 5xx as worth retrying', async () => {
    answer({ error: { code: 'INTERNAL_ERROR', message: 'No.' } }, 500);
    const error = await getCurrentUser().catch((caught: unknown) => caught);
    expect(isClientError(error)).toBe(false);
  });

  it("turns a cancelled request into an Error 'Query was cancelled'", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>((_url, init) => {
        return new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () =>
            reject(new DOMException('aborted', 'AbortError')),
          );
        });
      }),
    );
    const controller = new AbortController();
    const pending = getCurrentUser(controller.signal);
    controller.abort();
    await expect(pending).rejects.toThrow(CANCELLED_MESSAGE);
  });

  it("keeps the user context's default role the contract's", () => {
    expect(DEFAULT_USER_ROLE).toBe(CONTRACT_DEFAULT_ROLE);
  });
});
