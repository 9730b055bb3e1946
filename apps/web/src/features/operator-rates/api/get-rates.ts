import { queryOptions, useQuery } from '@tanstack/react-query';
import { rateListResponseSchema, type Rate } from '@portal/contract/transactions';
import { api } from '@/lib/api-client';

export const operatorRatesQueryKey = ['operator', 'rates'] as const;

export interface RateList {
  current: Rate[];
  history: Rate[];
}

/** The current buy and sell rate of each asset, and every rate set before (newest first). */
export async function getOperatorRates(signal?: AbortSignal): Promise<RateList> {
  const response = await api.get('/operator/rates', { signal });
  return rateListResponseSchema.parse(response.data);
}

export const operatorRatesQueryOptions = () =>
  queryOptions({
    queryKey: operatorRatesQueryKey,
    queryFn: ({ signal }) => getOperatorRates(signal),
  });

export const useOperatorRates = () => useQuery(operatorRatesQueryOptions());
