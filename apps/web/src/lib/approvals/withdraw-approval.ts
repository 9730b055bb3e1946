import { useMutation } from '@tanstack/react-query';
import type { Approval } from '@portal/contract/approvals';
import { api } from '@/lib/api-client';

/**
 * POST /api/approvals/:id/withdraw: the maker takes back what they asked before anyone decided
 * (docs/decisions/017). Both an operator's queue and an agency's bank-account page offer it.
 */
export async function withdrawApproval(id: string): Promise<Approval> {
  const response = await api.post<{ approval: Approval } | Approval>(
    `/approvals/${encodeURIComponent(id)}/withdraw`,
  );
  const data = response.data;
  return 'approval' in data ? data.approval : data;
}

/** The caller refreshes what it shows (`onSettled`): the queue, or the bank-account page. */
export function useWithdrawApproval(onSettled: () => Promise<unknown>) {
  return useMutation({ mutationFn: withdrawApproval, onSettled });
}
