import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Merchant, MerchantList } from '@portal/contract/merchants';
import { api } from '@/lib/api-client';

export const merchantsQueryKey = ['merchants'] as const;

/** The merchants a user can add an account at (active ones only). */
export async function getMerchants(signal?: AbortSignal): Promise<Merchant[]> {
  const response = await api.get<MerchantList>('/merchants', { signal });
  return response.data.items;
}

export const merchantsQueryOptions = () =>
  queryOptions({ queryKey: merchantsQueryKey, queryFn: ({ signal }) => getMerchants(signal) });

export const useMerchants = () => useQuery(merchantsQueryOptions());
