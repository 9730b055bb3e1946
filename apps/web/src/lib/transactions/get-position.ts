import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountPosition } from '@portal/contract/transactions';
import { api } from '@/lib/api-client';

export const positionQueryKey = (accountId: string) => ['positions', accountId] as const;

/** An account's balance at its merchant, what open sells hold of it, and what is left to sell. */
export async function getPosition(
  accountId: string,
  signal?: AbortSignal,
): Promise<AccountPosition> {
  const response = await api.get<AccountPosition>(
    `/accounts/${encodeURIComponent(accountId)}/position`,
    { signal },
  );
  return response.data;
}

export const positionQueryOptions = (accountId: string) =>
  queryOptions({
    queryKey: positionQueryKey(accountId),
    queryFn: ({ signal }) => getPosition(accountId, signal),
    enabled: accountId !== '',
  });

export const usePosition = (accountId: string) => useQuery(positionQueryOptions(accountId));
