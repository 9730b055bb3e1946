import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateMerchantRequest } from '@portal/contract/merchants';
import { api } from '@/lib/api-client';
import { operatorMerchantsQueryKey } from '@/lib/operator-merchants';

/** Changes some of a merchant's settings, its status included; an absent secret is kept. */
export async function updateMerchant({
  id,
  body,
}: {
  id: string;
  body: UpdateMerchantRequest;
}): Promise<void> {
  await api.patch(`/operator/merchants/${encodeURIComponent(id)}`, body);
}

export function useUpdateMerchant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMerchant,
    onSettled: () => queryClient.invalidateQueries({ queryKey: operatorMerchantsQueryKey }),
  });
}
