import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RateList } from '@portal/contract/transactions';
import { api } from '@/lib/api-client';

export const operatorRatesQueryKey = ['operator', 'rates'] as const;

/** The current buy and sell rate of each asset, and every rate set before (newest first). */
export async function getOperatorRates(signal?: AbortSignal): Promise<RateList> {
  const response = await api.get<RateList>('/operator/rates', { signal });
  return response.data;
}

export const operatorRatesQueryOptions = () =>
  queryOptions({
    queryKey: operatorRatesQueryKey,
    queryFn: ({ signal }) => getOperatorRates(signal),
  });

export const useOperatorRates = () => useQuery(operatorRatesQueryOptions());
