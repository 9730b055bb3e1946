import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TransactionDetail } from '@portal/contract/transactions';
import { api } from '@/lib/api-client';
import { transactionQueryKey } from '@/lib/transactions/get-transactions';
import { transactionsQueryKey } from '@/lib/transactions/get-transactions';

/** POST /transactions/:id/cancel: the owner withdraws a request while it is still Requested. */
export async function cancelTransaction(id: string, reason?: string): Promise<TransactionDetail> {
  const response = await api.post<TransactionDetail>(
    `/transactions/${encodeURIComponent(id)}/cancel`,
    reason ? { reason } : {},
  );
  return response.data;
}

export function useCancelTransaction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason?: string }) => cancelTransaction(id, reason),
    onSuccess: (detail) => queryClient.setQueryData(transactionQueryKey(detail.id), detail),
    onSettled: (detail) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: transactionsQueryKey }),
        detail
          ? queryClient.invalidateQueries({ queryKey: ['positions', detail.account.id] })
          : undefined,
      ]),
  });
}
