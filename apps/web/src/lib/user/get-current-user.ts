import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CurrentUser, CurrentUserResponse } from '@portal/contract/users';
import { api } from '@/lib/api-client';

export const currentUserQueryKey = ['auth', 'me'] as const;

/**
 * GET /api/auth/me: the signed-in user, or null when nobody is signed in.
 *
 * The answer is not parsed with the contract's `currentUserResponseSchema` here: every page reads
 * this, Home included, and the schema would bring zod to all of them; the server serialises this
 * response through that same schema (the route's response schema), so it cannot send anything
 * else.
 */
export async function getCurrentUser(signal?: AbortSignal): Promise<CurrentUser | null> {
  const response = await api.get<CurrentUserResponse>('/auth/me', { signal });
  return response.data.user;
}

export const currentUserQueryOptions = () =>
  queryOptions({
    queryKey: currentUserQueryKey,
    queryFn: ({ signal }) => getCurrentUser(signal),
  });

export const useCurrentUserQuery = () => useQuery(currentUserQueryOptions());
