import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Deposit, DepositStatus, DepositList } from '@portal/contract/transactions';
import { api } from '@/lib/api-client';

export const operatorDepositsQueryKey = ['operator', 'deposits'] as const;

export interface DepositFilters {
  status: DepositStatus;
  page: number;
  pageSize: number;
}

export interface DepositPage {
  items: Deposit[];
  total: number;
  page: number;
  pageSize: number;
}

/** Recorded deposits of one status, newest first, a page at a time. */
export async function getDeposits(
  filters: DepositFilters,
  signal?: AbortSignal,
): Promise<DepositPage> {
  const response = await api.get<DepositList>('/operator/deposits', { params: filters, signal });
  return response.data;
}

export const depositsQueryOptions = (filters: DepositFilters) =>
  queryOptions({
    queryKey: [...operatorDepositsQueryKey, filters],
    queryFn: ({ signal }) => getDeposits(filters, signal),
    placeholderData: keepPreviousData,
  });

export const useDeposits = (filters: DepositFilters) => useQuery(depositsQueryOptions(filters));
