import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AgencyDashboard } from '@portal/contract/agency-dashboard';
import { api } from '@/lib/api-client';

export const agencyDashboardQueryKey = ['agency', 'dashboard'] as const;

/** The agency's own figures: clients, verified clients, completed won, the last months. */
export async function getAgencyDashboard(signal?: AbortSignal): Promise<AgencyDashboard> {
  const response = await api.get<AgencyDashboard>('/agency/dashboard', { signal });
  return response.data;
}

export const useAgencyDashboard = () =>
  useQuery(
    queryOptions({
      queryKey: agencyDashboardQueryKey,
      queryFn: ({ signal }) => getAgencyDashboard(signal),
    }),
  );
