import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TwoFactorStatus } from '@portal/contract/two-factor';
import { api } from '@/lib/api-client';

/**
 * The signed-in user's two-factor sign-in (docs/SECURITY.md "Two-factor sign-in"): what Profile's
 * card shows, and whether the user may sell and set the payout account yet (docs/decisions/026).
 */
export const twoFactorQueryKey = ['profile', 'two-factor'] as const;

export const twoFactorStatusQuery = () =>
  queryOptions({
    queryKey: twoFactorQueryKey,
    queryFn: async ({ signal }) =>
      (await api.get<TwoFactorStatus>('/profile/two-factor', { signal })).data,
  });

/** true when an authenticator app is on; undefined while loading or unknown. */
export function useTwoFactorOn(): boolean | undefined {
  return useQuery(twoFactorStatusQuery()).data?.enabled;
}
