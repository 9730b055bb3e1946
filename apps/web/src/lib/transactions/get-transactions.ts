import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type {
  TransactionList,
  TransactionStatus,
  TransactionType,
} from '@portal/contract/transactions';
import { api } from '@/lib/api-client';

/** Every transaction query starts with this, so one invalidation refreshes them all. */
export const transactionsQueryKey = ['transactions'] as const;

/** One transaction's detail, under the lists' key so that a live update refreshes it too. */
export const transactionQueryKey = (id: string) => [...transactionsQueryKey, 'detail', id] as const;

export interface TransactionListParams {
  type?: TransactionType;
  /** One status, or several (repeated in the query). */
  status?: TransactionStatus | TransactionStatus[];
  page?: number;
  pageSize?: number;
}

export const transactionListQueryKey = (params: TransactionListParams) =>
  [...transactionsQueryKey, 'list', params] as const;

/** The signed-in user's own transactions, newest first. */
export async function getTransactions(
  params: TransactionListParams,
  signal?: AbortSignal,
): Promise<TransactionList> {
  const response = await api.get<TransactionList>('/transactions', { params, signal });
  return response.data;
}

export const transactionListQueryOptions = (params: TransactionListParams) =>
  queryOptions({
    queryKey: transactionListQueryKey(params),
    queryFn: ({ signal }) => getTransactions(params, signal),
    placeholderData: keepPreviousData,
  });

export const useTransactions = (params: TransactionListParams) =>
  useQuery(transactionListQueryOptions(params));
