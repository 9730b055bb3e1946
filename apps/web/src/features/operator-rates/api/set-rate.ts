import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Rate, SetRateRequest } from '@portal/contract/transactions';
import { api } from '@/lib/api-client';
import { operatorRatesQueryKey } from '@/features/operator-rates/api/get-rates';

/** Sets an asset's buy and sell rates; the previous ones stay in the history. */
export async function setRate(body: SetRateRequest): Promise<Rate> {
  const response = await api.post<Rate>('/operator/rates', body);
  return response.data;
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
