import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OperatorTransaction } from '@portal/contract/transactions';
import { api } from '@/lib/api-client';
import { operatorTransactionsQueryKey } from './get-operator-transactions';

/** What the operator can do to a transaction, each a POST under /operator/transactions/:id. */
export type TransactionAction = 'take' | 'completeSell' | 'completeBuy' | 'cancel' | 'retryCredit';

export interface TransactionActionInput {
  id: string;
  action: TransactionAction;
  body: { note?: string; payoutReference?: string; depositId?: string; reason?: string };
}

const endpoint: Record<TransactionAction, string> = {
  take: 'take',
  completeSell: 'complete',
  completeBuy: 'complete',
  cancel: 'cancel',
  retryCredit: 'retry-credit',
};

/**
 * take: sell Requested -> Pending; complete: Pending -> Completed; cancel: Pending -> Cancelled;
 * retryCredit: a failed merchant credit of a completed buy goes out again.
 */
export async function runTransactionAction({
  id,
  action,
  body,
}: TransactionActionInput): Promise<OperatorTransaction> {
  const response = await api.post<OperatorTransaction>(
    `/operator/transactions/${encodeURIComponent(id)}/${endpoint[action]}`,
    body,
  );
  return response.data;
}

export function useTransactionAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runTransactionAction,
    // Refresh the queues, the deposits a buy may have used, and the users' own views.
    onSettled: () =>
      Promise.all(
        [operatorTransactionsQueryKey, ['operator', 'deposits'], ['transactions']].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
