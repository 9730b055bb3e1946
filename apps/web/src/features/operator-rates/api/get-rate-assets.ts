import { useQuery } from '@tanstack/react-query';
import { operatorMerchantsQueryOptions } from '@/lib/operator-merchants';

/** The assets merchants deal in, once each, sorted: what a rate can be set for. */
export function useRateAssets() {
  return useQuery({
    ...operatorMerchantsQueryOptions(),
    select: (merchants) => [...new Set(merchants.map((merchant) => merchant.asset))].sort(),
  });
}
