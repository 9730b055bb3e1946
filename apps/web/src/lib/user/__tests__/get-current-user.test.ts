import { describe, expect, it } from 'vitest';
import { DEFAULT_USER_ROLE as CONTRACT_DEFAULT_ROLE } from '@portal/contract/users';
import { ApiRequestError, isClientError } from '@/lib/api-client';
import { getCurrentUser } from '@/lib/user/get-current-user';
import { DEFAULT_USER_ROLE } from '@/lib/user/user-context';
import { apiFailure, apiRequests, mockApi, ok } from '@/testing/api';
import { testUser } from '@/testing/app';

// The request's headers, query and cancellation are the one client's (lib/__tests__/api-client).
describe('getCurrentUser', () => {
  it('asks GET /api/auth/me through the one client and answers the user', async () => {
    document.cookie = 'XSRF-TOKEN=rotated%2Ftoken%3D; path=/';
    mockApi.get.mockResolvedValue(ok({ user: testUser }));
    await expect(getCurrentUser()).resolves.toEqual(testUser);
    expect(mockApi.get).toHaveBeenCalledWith('/auth/me');
    expect(apiRequests[0]?.headers.get('X-Role')).toBe('production');
    expect(apiRequests[0]?.headers.get('X-XSRF-TOKEN')).toBe('rotated/token=');
  });

  it('answers null when nobody is signed in', async () => {
    mockApi.get.mockResolvedValue(ok({ user: null }));
    await expect(getCurrentUser()).resolves.toBeNull();
  });

  it('fails with the status on a non-2xx answer, so 4xx are not retried', async () => {
    mockApi.get.mockRejectedValue(apiFailure(403, 'DEPLOYMENT_ROLE_MISMATCH'));
    const error = await getCurrentUser().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).status).toBe(403);
    expect(isClientError(error)).toBe(true);
  });

  it('treats a 5xx as worth retrying', async () => {
    mockApi.get.mockRejectedValue(apiFailure(500, 'INTERNAL_ERROR'));
    const error = await getCurrentUser().catch((caught: unknown) => caught);
    expect(isClientError(error)).toBe(false);
  });

  it("keeps the user context's default role the contract's", () => {
    expect(DEFAULT_USER_ROLE).toBe(CONTRACT_DEFAULT_ROLE);
  });
});
