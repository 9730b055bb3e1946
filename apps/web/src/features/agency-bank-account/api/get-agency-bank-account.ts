import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AgencyBankAccountResponse } from '@portal/contract/agency-bank-account';
import { api } from '@/lib/api-client';

export const agencyBankAccountQueryKey = ['agency-bank-account'] as const;

/** An agency user's own agency and its Partner Agency Bank Account (null until set up). */
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
