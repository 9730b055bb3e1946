import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AgencyBankAccountRequest,
  AgencyBankAccountResponse,
} from '@portal/contract/agency-bank-account';
import { depositAccountQueryKey } from '@/lib/transactions/get-deposit-account';
import { api } from '@/lib/api-client';
import { agencyBankAccountQueryKey } from '@/features/agency-bank-account/api/get-agency-bank-account';

/** Replaces the agency's bank account (PUT /api/agency/bank-account). */
export async function updateAgencyBankAccount(
  body: AgencyBankAccountRequest,
): Promise<AgencyBankAccountResponse> {
  const response = await api.put<AgencyBankAccountResponse>('/agency/bank-account', body);
  return response.data;
}

/** Saves, then shows the saved account here and wherever the deposit account is shown. */
export function useUpdateAgencyBankAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAgencyBankAccount,
    onSuccess: async (saved) => {
      queryClient.setQueryData(agencyBankAccountQueryKey, saved);
      await queryClient.invalidateQueries({ queryKey: depositAccountQueryKey });
    },
  });
}
