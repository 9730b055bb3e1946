import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type {
  OperatorTransaction,
  TransactionStatus,
  TransactionType,
  OperatorTransactionList,
} from '@portal/contract/transactions';
import { api } from '@/lib/api-client';

export const operatorTransactionsQueryKey = ['operator', 'transactions'] as const;

export interface OperatorTransactionFilters {
  type?: TransactionType;
  status?: TransactionStatus;
  page: number;
  pageSize: number;
}

export interface OperatorTransactionPage {
  items: OperatorTransaction[];
  total: number;
  page: number;
  pageSize: number;
}

/** Every user's transactions, newest first, filtered by type and status, one page at a time. */
export async function getOperatorTransactions(
  filters: OperatorTransactionFilters,
  signal?: AbortSignal,
): Promise<OperatorTransactionPage> {
  const response = await api.get<OperatorTransactionList>('/operator/transactions', {
    params: filters,
    signal,
  });
  return response.data;
}

export const operatorTransactionsQueryOptions = (filters: OperatorTransactionFilters) =>
  queryOptions({
    queryKey: [...operatorTransactionsQueryKey, filters],
    queryFn: ({ signal }) => getOperatorTransactions(filters, signal),
    // Paging keeps the last page on screen until the next one arrives.
    placeholderData: keepPreviousData,
  });

export const useOperatorTransactions = (filters: OperatorTransactionFilters) =>
  useQuery(operatorTransactionsQueryOptions(filters));
