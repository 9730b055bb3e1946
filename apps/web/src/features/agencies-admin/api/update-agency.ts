import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  OperatorAgency,
  UpdateAgencyRequest,
  OperatorAgencyResponse,
} from '@portal/contract/agencies';
import { api } from '@/lib/api-client';
import { operatorAgenciesQueryKey } from '@/features/agencies-admin/api/get-agencies';

/** Saves an agency's name and bank account. */
export async function updateAgency({
  id,
  body,
}: {
  id: string;
  body: UpdateAgencyRequest;
}): Promise<OperatorAgency> {
  const response = await api.patch<OperatorAgencyResponse>(
    `/operator/agencies/${encodeURIComponent(id)}`,
    body,
  );
  return response.data.agency;
}

export function useUpdateAgency() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAgency,
    onSettled: () => queryClient.invalidateQueries({ queryKey: operatorAgenciesQueryKey }),
  });
}
