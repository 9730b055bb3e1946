import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TransactionList } from '@portal/contract/transactions';
import {
  getTransactions,
  transactionsQueryKey,
} from '@/features/transactions/api/get-transactions';

/**
 * The requests still open, Requested and Pending together, newest first. The list endpoint takes
 * one status, so this asks twice and merges; under ['transactions'], so a live update refreshes it.
 */
export async function getOpenTransactions(
  pageSize: number,
  signal?: AbortSignal,
): Promise<TransactionList> {
  const [requested, pending] = await Promise.all([
    getTransactions({ status: 'Requested', pageSize }, signal),
    getTransactions({ status: 'Pending', pageSize }, signal),
  ]);
  const items = [...requested.items, ...pending.items]
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
    .slice(0, pageSize);
  // A merged view of two lists: there is no one next row to continue from.
  return { items, total: requested.total + pending.total, page: 1, pageSize, nextCursor: null };
}

export const openTransactionsQueryOptions = (pageSize: number) =>
  queryOptions({
    queryKey: [...transactionsQueryKey, 'open', { pageSize }],
    queryFn: ({ signal }) => getOpenTransactions(pageSize, signal),
  });

export const useOpenTransactions = (pageSize: number) =>
  useQuery(openTransactionsQueryOptions(pageSize));
