import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  DepositDetail,
  MarkRefundedRequest,
  MatchDepositRequest,
  RefundDepositRequest,
  WriteOffDepositRequest,
} from '@portal/contract/deposits';
import type { Deposit } from '@portal/contract/transactions';
import type { ApprovalRequested } from '@portal/contract/approvals';
import { api } from '@/lib/api-client';
import { readGuarded, type Guarded } from '@/lib/approvals/guarded';
import { operatorDepositsQueryKey } from '@/features/operator-deposits/api/get-deposits';
import { invalidateAfterDeposit } from '@/features/operator-deposits/api/invalidate';

/** A deposit with the buys it could pay (docs/decisions/010). */
export const depositDetailQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...operatorDepositsQueryKey, 'detail', id],
    queryFn: async ({ signal }) =>
      (await api.get<DepositDetail>(`/operator/deposits/${encodeURIComponent(id)}`, { signal }))
        .data,
  });

export const useDepositDetail = (id: string) => useQuery(depositDetailQueryOptions(id));

type Decision =
  | { kind: 'match'; body: MatchDepositRequest }
  | { kind: 'refund'; body: RefundDepositRequest }
  | { kind: 'refunded'; body: MarkRefundedRequest }
  | { kind: 'write-off'; body: WriteOffDepositRequest };

/**
 * One way to decide on a deposit: match, refund, record the refund, write off. A match and a
 * refund wait for a second operator (202, docs/decisions/017).
 */
export async function decideDeposit(id: string, decision: Decision): Promise<Guarded<Deposit>> {
  const response = await api.post<Deposit | ApprovalRequested>(
    `/operator/deposits/${encodeURIComponent(id)}/${decision.kind}`,
    decision.body,
  );
  return readGuarded(response);
}

export function useDecideDeposit(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: Decision) => decideDeposit(id, decision),
    // Whatever the answer (a 409 means someone else decided first), show what is true now.
    onSettled: () => invalidateAfterDeposit(queryClient),
  });
}
