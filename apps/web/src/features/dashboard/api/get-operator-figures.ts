import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OperatorFigures } from '@portal/contract/operator-workbench';
import { api } from '@/lib/api-client';
import { transactionsQueryKey } from '@/lib/transactions/get-transactions';

export async function getOperatorFigures(signal?: AbortSignal): Promise<OperatorFigures> {
  return (await api.get<OperatorFigures>('/operator/figures', { signal })).data;
}

/** Under ['transactions']: every live update the operator receives refreshes today's figures. */
export const operatorFiguresQueryOptions = () =>
  queryOptions({
    queryKey: [...transactionsQueryKey, 'operator-figures'],
    queryFn: ({ signal }) => getOperatorFigures(signal),
  });

export const useOperatorFigures = () => useQuery(operatorFiguresQueryOptions());
