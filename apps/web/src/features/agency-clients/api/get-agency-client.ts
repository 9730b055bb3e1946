import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  AgencyClientDetail,
  AgencyClientDetailResponse,
} from '@portal/contract/agency-clients';
import { api } from '@/lib/api-client';
import { agencyClientsQueryKey } from '@/features/agency-clients/api/get-agency-clients';

/** One of the agency's clients in detail (404 for anyone else's). */
export async function getAgencyClient(
  id: string,
  signal?: AbortSignal,
): Promise<AgencyClientDetail> {
  const response = await api.get<AgencyClientDetailResponse>(
    `/agency/clients/${encodeURIComponent(id)}`,
    { signal },
  );
  return response.data.client;
}

export const agencyClientQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...agencyClientsQueryKey, 'detail', id],
    queryFn: ({ signal }) => getAgencyClient(id, signal),
  });

export const useAgencyClient = (id: string) => useQuery(agencyClientQueryOptions(id));
