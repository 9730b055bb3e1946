import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AgencyClientList } from '@portal/contract/agency-clients';
import { api } from '@/lib/api-client';

export const agencyClientsQueryKey = ['agency', 'clients'] as const;

export interface AgencyClientFilters {
  q?: string;
  page: number;
  pageSize: number;
}

/** The agency's clients, newest first, one page at a time. */
export async function getAgencyClients(
  filters: AgencyClientFilters,
  signal?: AbortSignal,
): Promise<AgencyClientList> {
  const response = await api.get<AgencyClientList>('/agency/clients', {
    params: { ...filters, q: filters.q || undefined },
    signal,
  });
  return response.data;
}

export const agencyClientsQueryOptions = (filters: AgencyClientFilters) =>
  queryOptions({
    queryKey: [...agencyClientsQueryKey, 'list', filters],
    queryFn: ({ signal }) => getAgencyClients(filters, signal),
    // Paging and searching keep the last rows on screen until the next ones arrive.
    placeholderData: keepPreviousData,
  });

export const useAgencyClients = (filters: AgencyClientFilters) =>
  useQuery(agencyClientsQueryOptions(filters));
