import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateMerchantRequest } from '@portal/contract/merchants';
import { api } from '@/lib/api-client';
import { operatorMerchantsQueryKey } from '@/lib/operator-merchants';

export async function createMerchant(body: CreateMerchantRequest): Promise<void> {
  await api.post('/operator/merchants', body);
}

export function useCreateMerchant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createMerchant,
    onSettled: () => queryClient.invalidateQueries({ queryKey: operatorMerchantsQueryKey }),
  });
}
