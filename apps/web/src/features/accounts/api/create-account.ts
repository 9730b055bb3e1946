import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Account, CreateAccountRequest } from '@portal/contract/accounts';
import { api } from '@/lib/api-client';
import { accountsQueryKey } from '@/lib/merchant-accounts/get-accounts';

/** Saves a verified account; without a name it is named after the holder. */
export async function createAccount(body: CreateAccountRequest): Promise<Account> {
  const response = await api.post<Account>('/accounts', body);
  return response.data;
}

export function useCreateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAccount,
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountsQueryKey }),
  });
}
