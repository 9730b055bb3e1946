import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TransactionDetail } from '@portal/contract/transactions';
import { api } from '@/lib/api-client';
import { transactionQueryKey } from '@/lib/transactions/get-transactions';

/** One of the user's transactions with its event history. */
export async function getTransaction(id: string, signal?: AbortSignal): Promise<TransactionDetail> {
  const response = await api.get<TransactionDetail>(`/transactions/${encodeURIComponent(id)}`, {
    signal,
  });
  return response.data;
}

export const transactionQueryOptions = (id: string) =>
  queryOptions({
    queryKey: transactionQueryKey(id),
    queryFn: ({ signal }) => getTransaction(id, signal),
  });

export const useTransaction = (id: string) => useQuery(transactionQueryOptions(id));
