import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AgencyBankAccountRequest,
  AgencyBankAccountResponse,
} from '@portal/contract/agency-bank-account';
import type { ApprovalRequested } from '@portal/contract/approvals';
import { depositAccountQueryKey } from '@/lib/transactions/get-deposit-account';
import { api } from '@/lib/api-client';
import { readGuarded, type Guarded } from '@/lib/approvals/guarded';
import { agencyBankAccountQueryKey } from '@/features/agency-bank-account/api/get-agency-bank-account';

/**
 * Proposes the agency's new bank account (PUT /api/agency/bank-account): it waits for the
 * operator's approval (202, docs/decisions/017) and the clients keep seeing the old one until then.
 */
export async function updateAgencyBankAccount(
  body: AgencyBankAccountRequest,
): Promise<Guarded<AgencyBankAccountResponse>> {
  const response = await api.put<AgencyBankAccountResponse | ApprovalRequested>(
    '/agency/bank-account',
    body,
  );
  return readGuarded(response);
}

/** Then shows what is true: the account in force here and wherever it is shown, and the proposal. */
export function useUpdateAgencyBankAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAgencyBankAccount,
    onSettled: () =>
      Promise.all(
        [agencyBankAccountQueryKey, depositAccountQueryKey].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
