import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DepositAccountResponse } from '@portal/contract/transactions';
import { api } from '@/lib/api-client';

export const depositAccountQueryKey = ['deposit-account'] as const;

/** The Partner Agency Bank Account the signed-in user pays buys into (null until it is set up). */
export async function getDepositAccount(signal?: AbortSignal): Promise<DepositAccountResponse> {
  const response = await api.get<DepositAccountResponse>('/deposit-account', { signal });
  return response.data;
}

export const depositAccountQueryOptions = () =>
  queryOptions({
    queryKey: depositAccountQueryKey,
    queryFn: ({ signal }) => getDepositAccount(signal),
  });

export const useDepositAccount = () => useQuery(depositAccountQueryOptions());
