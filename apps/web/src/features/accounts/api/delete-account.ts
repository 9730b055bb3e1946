import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { accountsQueryKey } from '@/lib/merchant-accounts/get-accounts';

/** Removes a saved account; refused (409) while it has open buy or sell requests. */
export async function deleteAccount(id: string): Promise<void> {
  await api.delete(`/accounts/${encodeURIComponent(id)}`);
}

export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAccount,
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountsQueryKey }),
  });
}
