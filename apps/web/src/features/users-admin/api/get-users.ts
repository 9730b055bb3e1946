import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OperatorUserList, UserRole, UserStatus } from '@portal/contract/users';
import { api } from '@/lib/api-client';

export const operatorUsersQueryKey = ['operator', 'users'] as const;

export interface OperatorUserFilters {
  q?: string;
  role?: UserRole;
  status?: UserStatus;
  page: number;
  pageSize?: number;
}

/** Everyone who signs in, newest first, searched and filtered, one page at a time. */
export async function getOperatorUsers(
  filters: OperatorUserFilters,
  signal?: AbortSignal,
): Promise<OperatorUserList> {
  const response = await api.get<OperatorUserList>('/operator/users', {
    params: { ...filters, q: filters.q || undefined },
    signal,
  });
  return response.data;
}

export const operatorUsersQueryOptions = (filters: OperatorUserFilters) =>
  queryOptions({
    queryKey: [...operatorUsersQueryKey, filters],
    queryFn: ({ signal }) => getOperatorUsers(filters, signal),
    placeholderData: keepPreviousData,
  });

export const useOperatorUsers = (filters: OperatorUserFilters) =>
  useQuery(operatorUsersQueryOptions(filters));
