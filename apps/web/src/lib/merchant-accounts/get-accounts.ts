import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Account, AccountList } from '@portal/contract/accounts';
import { api } from '@/lib/api-client';

export const accountsQueryKey = ['accounts'] as const;

/** The user's saved merchant accounts. */
export async function getAccounts(signal?: AbortSignal): Promise<Account[]> {
  const response = await api.get<AccountList>('/accounts', { signal });
  return response.data.items;
}

export const accountsQueryOptions = () =>
  queryOptions({ queryKey: accountsQueryKey, queryFn: ({ signal }) => getAccounts(signal) });

export const useAccounts = () => useQuery(accountsQueryOptions());
