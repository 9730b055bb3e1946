import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  OperatorAgency,
  UpdateAgencyRequest,
  OperatorAgencyResponse,
} from '@portal/contract/agencies';
import type { ApprovalRequested } from '@portal/contract/approvals';
import { api } from '@/lib/api-client';
import { readGuarded, type Guarded } from '@/lib/approvals/guarded';
import { operatorAgenciesQueryKey } from '@/features/agencies-admin/api/get-agencies';

/**
 * Saves an agency's name and bank account. A new bank account waits for a second operator
 * (202, docs/decisions/017); the agency keeps its old one until then.
 */
export async function updateAgency({
  id,
  body,
}: {
  id: string;
  body: UpdateAgencyRequest;
}): Promise<Guarded<OperatorAgency>> {
  const response = await api.patch<OperatorAgencyResponse | ApprovalRequested>(
    `/operator/agencies/${encodeURIComponent(id)}`,
    body,
  );
  const result = readGuarded<OperatorAgencyResponse>(response);
  return result.done ? { done: true, data: result.data.agency } : result;
}

export function useUpdateAgency() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAgency,
    onSettled: () => queryClient.invalidateQueries({ queryKey: operatorAgenciesQueryKey }),
  });
}
