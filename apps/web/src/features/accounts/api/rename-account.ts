import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Account, RenameAccountRequest } from '@portal/contract/accounts';
import { api } from '@/lib/api-client';
import { accountsQueryKey } from '@/lib/merchant-accounts/get-accounts';

export async function renameAccount({
  id,
  body,
}: {
  id: string;
  body: RenameAccountRequest;
}): Promise<Account> {
  const response = await api.patch<Account>(`/accounts/${encodeURIComponent(id)}`, body);
  return response.data;
}

export function useRenameAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renameAccount,
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountsQueryKey }),
  });
}
