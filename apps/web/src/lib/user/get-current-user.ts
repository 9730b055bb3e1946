import { queryOptions, useQuery } from '@tanstack/react-query';
import { currentUserResponseSchema, type CurrentUser } from '@portal/contract/users';
import { api } from '@/lib/api-client';

export const currentUserQueryKey = ['auth', 'me'] as const;

export async function getCurrentUser(signal?: AbortSignal): Promise<CurrentUser | null> {
  const response = await api.get('/auth/me', { signal });
  return currentUserResponseSchema.parse(response.data).user;
}

export const currentUserQueryOptions = () =>
  queryOptions({
    queryKey: currentUserQueryKey,
    queryFn: ({ signal }) => getCurrentUser(signal),
  });

export const useCurrentUserQuery = () => useQuery(currentUserQueryOptions());
