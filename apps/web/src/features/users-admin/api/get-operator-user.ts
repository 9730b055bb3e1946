import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OperatorUserPage } from '@portal/contract/operator-workbench';
import { api } from '@/lib/api-client';
import { operatorUsersQueryKey } from '@/features/users-admin/api/get-users';

/** One user in full for the operator (404 for an unknown id). */
export async function getOperatorUser(id: string, signal?: AbortSignal): Promise<OperatorUserPage> {
  const response = await api.get<OperatorUserPage>(`/operator/users/${encodeURIComponent(id)}`, {
    signal,
  });
  return response.data;
}

export const operatorUserQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...operatorUsersQueryKey, 'page', id],
    queryFn: ({ signal }) => getOperatorUser(id, signal),
  });

export const useOperatorUser = (id: string) => useQuery(operatorUserQueryOptions(id));
