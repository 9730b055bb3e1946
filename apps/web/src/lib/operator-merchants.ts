import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OperatorMerchant, OperatorMerchantList } from '@portal/contract/merchants';
import { api } from '@/lib/api-client';

/** The operator's merchant list, shared by the merchants and rates screens (one cached list). */
export const operatorMerchantsQueryKey = ['operator', 'merchants'] as const;

/** Every merchant, active or disabled, with how the portal connects to it (never its secret). */
export async function getOperatorMerchants(signal?: AbortSignal): Promise<OperatorMerchant[]> {
  const response = await api.get<OperatorMerchantList>('/operator/merchants', { signal });
  return response.data.items;
}

export const operatorMerchantsQueryOptions = () =>
  queryOptions({
    queryKey: operatorMerchantsQueryKey,
    queryFn: ({ signal }) => getOperatorMerchants(signal),
  });

export const useOperatorMerchants = () => useQuery(operatorMerchantsQueryOptions());
