import { useQuery } from '@tanstack/react-query';
import type { OperatorMerchant, OperatorMerchantList } from '@portal/contract/merchants';
import { api } from '@/lib/api-client';

/** The merchants screen's query key: both screens share one cached list. */
export const operatorMerchantsQueryKey = ['operator', 'merchants'] as const;

async function getOperatorMerchants(signal?: AbortSignal): Promise<OperatorMerchant[]> {
  const response = await api.get<OperatorMerchantList>('/operator/merchants', { signal });
  return response.data.items;
}

/** The assets merchants deal in, once each, sorted: what a rate can be set for. */
export function useRateAssets() {
  return useQuery({
    queryKey: operatorMerchantsQueryKey,
    queryFn: ({ signal }) => getOperatorMerchants(signal),
    select: (merchants) => [...new Set(merchants.map((merchant) => merchant.asset))].sort(),
  });
}
