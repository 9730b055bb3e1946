import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AgencyTransactionDetail, TransactionDetail } from '@portal/contract/transactions';
import type { OperatorTransactionDetail } from '@portal/contract/operator-workbench';
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

export const useTransaction = (id: string, enabled = true) =>
  useQuery({ ...transactionQueryOptions(id), enabled });

/** One of the agency's clients' transactions, read-only, with the client. */
export async function getAgencyTransaction(
  id: string,
  signal?: AbortSignal,
): Promise<AgencyTransactionDetail> {
  const response = await api.get<AgencyTransactionDetail>(
    `/agency/transactions/${encodeURIComponent(id)}`,
    { signal },
  );
  return response.data;
}

/** Under the transactions key too, so live updates refresh it. */
export const useAgencyTransaction = (id: string, enabled = true) =>
  useQuery({
    queryKey: [...transactionQueryKey(id), 'agency'] as const,
    queryFn: ({ signal }) => getAgencyTransaction(id, signal),
    enabled,
  });

/**
 * Any user's transaction, for the operator: who took each step, the owner, linked deposits, and
 * the approvals asked for on it.
 */
export async function getOperatorTransaction(
  id: string,
  signal?: AbortSignal,
): Promise<OperatorTransactionDetail> {
  const response = await api.get<OperatorTransactionDetail>(
    `/operator/transactions/${encodeURIComponent(id)}`,
    { signal },
  );
  return response.data;
}

/** Under the transactions key too, so live updates refresh it. */
export const useOperatorTransaction = (id: string, enabled = true) =>
  useQuery({
    queryKey: [...transactionQueryKey(id), 'operator'] as const,
    queryFn: ({ signal }) => getOperatorTransaction(id, signal),
    enabled,
  });
