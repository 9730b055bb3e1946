import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CreateAgencyRequest,
  OperatorAgency,
  OperatorAgencyResponse,
} from '@portal/contract/agencies';
import { api } from '@/lib/api-client';
import { operatorAgenciesQueryKey } from '@/features/agencies-admin/api/get-agencies';

/** A new agency with its first agency user, made together or not at all. */
export async function createAgency(body: CreateAgencyRequest): Promise<OperatorAgency> {
  const response = await api.post<OperatorAgencyResponse>('/operator/agencies', body);
  return response.data.agency;
}

export function useCreateAgency() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAgency,
    onSettled: () => queryClient.invalidateQueries({ queryKey: operatorAgenciesQueryKey }),
  });
}
