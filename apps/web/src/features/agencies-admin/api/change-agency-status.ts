import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  ChangeAgencyStatusRequest,
  OperatorAgency,
  OperatorAgencyResponse,
} from '@portal/contract/agencies';
import { api } from '@/lib/api-client';
import { operatorAgenciesQueryKey } from '@/features/agencies-admin/api/get-agencies';

/** Disables an agency (with a reason) or enables it again (docs/decisions/022). */
export async function changeAgencyStatus({
  id,
  body,
}: {
  id: string;
  body: ChangeAgencyStatusRequest;
}): Promise<OperatorAgency> {
  const response = await api.put<OperatorAgencyResponse>(
    `/operator/agencies/${encodeURIComponent(id)}/status`,
    body,
  );
  return response.data.agency;
}

export function useChangeAgencyStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeAgencyStatus,
    onSettled: () => queryClient.invalidateQueries({ queryKey: operatorAgenciesQueryKey }),
  });
}
