import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OperatorAgency, OperatorAgencyList } from '@portal/contract/agencies';
import { api } from '@/lib/api-client';

export const operatorAgenciesQueryKey = ['operator', 'agencies'] as const;

/** Every partner agency with its bank account and how many clients and agency users it has. */
export async function getOperatorAgencies(signal?: AbortSignal): Promise<OperatorAgency[]> {
  const response = await api.get<OperatorAgencyList>('/operator/agencies', { signal });
  return response.data.items;
}

export const operatorAgenciesQueryOptions = () =>
  queryOptions({
    queryKey: operatorAgenciesQueryKey,
    queryFn: ({ signal }) => getOperatorAgencies(signal),
  });

export const useOperatorAgencies = () => useQuery(operatorAgenciesQueryOptions());
