import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TransactionList } from '@portal/contract/transactions';
import { getTransactions, transactionsQueryKey } from '@/lib/transactions/get-transactions';

/**
 * The requests still open, Requested and Pending together, newest first: one list call with both
 * statuses (the list takes `status` repeated); under ['transactions'], so a live update refreshes it.
 */
export function getOpenTransactions(
  pageSize: number,
  signal?: AbortSignal,
): Promise<TransactionList> {
  return getTransactions({ status: ['Requested', 'Pending'], pageSize }, signal);
}

export const openTransactionsQueryOptions = (pageSize: number) =>
  queryOptions({
    queryKey: [...transactionsQueryKey, 'open', { pageSize }],
    queryFn: ({ signal }) => getOpenTransactions(pageSize, signal),
  });

export const useOpenTransactions = (pageSize: number) =>
  useQuery(openTransactionsQueryOptions(pageSize));
