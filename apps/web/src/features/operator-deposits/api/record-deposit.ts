import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DepositNotification, DepositOutcome } from '@portal/contract/transactions';
import { api } from '@/lib/api-client';
import { invalidateAfterDeposit } from '@/features/operator-deposits/api/invalidate';

/** Records a deposit typed in by the operator; it is matched like the bank's notifications. */
export async function recordDeposit(body: DepositNotification): Promise<DepositOutcome> {
  const response = await api.post<DepositOutcome>('/operator/deposits', body);
  return response.data;
}

export function useRecordDeposit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordDeposit,
    onSettled: () => invalidateAfterDeposit(queryClient),
  });
}
