import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AgencyBankAccountResponse } from '@portal/contract/agency-bank-account';
import { api } from '@/lib/api-client';

export const agencyBankAccountQueryKey = ['agency-bank-account'] as const;

/**
 * An agency user's own agency, its Partner Agency Bank Account in force (null until set up), and
 * a new account waiting for the operator's approval or the last one rejected (docs/decisions/017).
 */
export async function getAgencyBankAccount(
  signal?: AbortSignal,
): Promise<AgencyBankAccountResponse> {
  const response = await api.get<AgencyBankAccountResponse>('/agency/bank-account', { signal });
  return response.data;
}

export const agencyBankAccountQueryOptions = () =>
  queryOptions({
    queryKey: agencyBankAccountQueryKey,
    queryFn: ({ signal }) => getAgencyBankAccount(signal),
  });

export const useAgencyBankAccount = () => useQuery(agencyBankAccountQueryOptions());
