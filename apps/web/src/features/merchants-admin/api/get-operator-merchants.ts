import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  operatorMerchantListResponseSchema,
  type OperatorMerchant,
} from '@portal/contract/merchants';
import { api } from '@/lib/api-client';

export const operatorMerchantsQueryKey = ['operator', 'merchants'] as const;

/** Every merchant, active or disabled, with how the portal connects to it (never its secret). */
export async function getOperatorMerchants(signal?: AbortSignal): Promise<OperatorMerchant[]> {
  const response = await api.get('/operator/merchants', { signal });
  return operatorMerchantListResponseSchema.parse(response.data).items;
}

export const operatorMerchantsQueryOptions = () =>
  queryOptions({
    queryKey: operatorMerchantsQueryKey,
    queryFn: ({ signal }) => getOperatorMerchants(signal),
  });

export const useOperatorMerchants = () => useQuery(operatorMerchantsQueryOptions());
