import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Rate, SetRateRequest } from '@portal/contract/transactions';
import type { ApprovalRequested } from '@portal/contract/approvals';
import { api } from '@/lib/api-client';
import { readGuarded, type Guarded } from '@/lib/approvals/guarded';
import { operatorRatesQueryKey } from '@/features/operator-rates/api/get-rates';

/**
 * Sets an asset's buy and sell rates; the previous ones stay in the history. A change beyond the
 * deviation, once confirmed, waits for a second operator instead (202, docs/decisions/017).
 */
export async function setRate(body: SetRateRequest): Promise<Guarded<Rate>> {
  const response = await api.post<Rate | ApprovalRequested>('/operator/rates', body);
  return readGuarded(response);
}

export function useSetRate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setRate,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: operatorRatesQueryKey }),
        // Quotes on the Buy and Sell screens read the current rates.
        queryClient.invalidateQueries({ queryKey: ['quotes'] }),
      ]);
    },
  });
}
