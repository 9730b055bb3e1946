import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApprovalRequested } from '@portal/contract/approvals';
import type { OperatorTransaction } from '@portal/contract/transactions';
import { api } from '@/lib/api-client';
import { readGuarded, type Guarded } from '@/lib/approvals/guarded';
import { operatorTransactionsQueryKey } from '@/features/operator-transactions/api/get-operator-transactions';

/** What the operator can do to a transaction, each a POST under /operator/transactions/:id. */
export type TransactionAction = 'take' | 'completeSell' | 'cancel' | 'retryCredit';

export interface TransactionActionInput {
  id: string;
  action: TransactionAction;
  body: { note?: string; payoutReference?: string; reason?: string };
}

const endpoint: Record<TransactionAction, string> = {
  take: 'take',
  completeSell: 'complete',
  cancel: 'cancel',
  retryCredit: 'retry-credit',
};

/**
 * take: sell Requested -> Pending; complete: a Pending sell -> Completed; cancel: Requested or
 * Pending -> Cancelled; retryCredit: a failed merchant credit goes out again. A buy completes
 * only from its deposit's screen (docs/decisions/010). Starting a big payout and cancelling a
 * buy wait for a second operator (202, docs/decisions/017).
 */
export async function runTransactionAction({
  id,
  action,
  body,
}: TransactionActionInput): Promise<Guarded<OperatorTransaction>> {
  const response = await api.post<OperatorTransaction | ApprovalRequested>(
    `/operator/transactions/${encodeURIComponent(id)}/${endpoint[action]}`,
    body,
  );
  return readGuarded(response);
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
