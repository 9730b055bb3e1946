import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FailedCreditList } from '@portal/contract/merchant-credits';
import { api } from '@/lib/api-client';
import { operatorTransactionsQueryKey } from '@/features/operator-transactions/api/get-operator-transactions';

/** Under the transactions' key, so every action on a transaction refreshes this list too. */
export const failedCreditsQueryKey = [...operatorTransactionsQueryKey, 'failed-credits'] as const;

/** Completed buys whose asset the merchant never took, oldest first. */
export async function getFailedCredits(signal?: AbortSignal) {
  const response = await api.get<FailedCreditList>('/operator/merchant-credits', { signal });
  return response.data;
}

export const failedCreditsQueryOptions = () =>
  queryOptions({
    queryKey: failedCreditsQueryKey,
    queryFn: ({ signal }) => getFailedCredits(signal),
  });

export const useFailedCredits = () => useQuery(failedCreditsQueryOptions());
