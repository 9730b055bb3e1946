import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { accountsQueryKey } from '@/lib/merchant-accounts/get-accounts';

/** Makes one account the default; the previous default stops being one, so the list is re-read. */
export async function setDefaultAccount(id: string): Promise<void> {
  await api.post(`/accounts/${encodeURIComponent(id)}/default`);
}

export function useSetDefaultAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setDefaultAccount,
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountsQueryKey }),
  });
}
