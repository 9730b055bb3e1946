import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PayeeRequest, PayeeResponse } from '@portal/contract/payees';
import { api } from '@/lib/api-client';

export const payeeQueryKey = ['payee'] as const;

/** The bank account the won of the user's sells is paid to, or null when none is registered. */
export async function getPayee(signal?: AbortSignal): Promise<PayeeResponse | null> {
  const response = await api.get<PayeeResponse | null>('/payee', { signal });
  return response.data;
}

export const payeeQueryOptions = () =>
  queryOptions({ queryKey: payeeQueryKey, queryFn: ({ signal }) => getPayee(signal) });

export const usePayee = () => useQuery(payeeQueryOptions());

export async function savePayee(body: PayeeRequest): Promise<PayeeResponse> {
  const response = await api.put<PayeeResponse>('/payee', body);
  return response.data;
}

export function useSavePayee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePayee,
    onSuccess: (saved) => queryClient.setQueryData(payeeQueryKey, saved),
  });
}
