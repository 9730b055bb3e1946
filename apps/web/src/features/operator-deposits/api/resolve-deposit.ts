import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Deposit } from '@portal/contract/transactions';
import { api } from '@/lib/api-client';
import { invalidateAfterDeposit } from './invalidate';

/** Takes a deposit out of the review queue, saying what was done (409 when already resolved). */
export async function resolveDeposit({
  id,
  resolution,
}: {
  id: string;
  resolution: string;
}): Promise<Deposit> {
  const response = await api.post<Deposit>(`/operator/deposits/${encodeURIComponent(id)}/resolve`, {
    resolution,
  });
  return response.data;
}

export function useResolveDeposit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resolveDeposit,
    onSettled: () => invalidateAfterDeposit(queryClient),
  });
}
