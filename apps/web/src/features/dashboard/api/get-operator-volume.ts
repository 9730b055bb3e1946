import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OperatorVolume, VolumeGrouping } from '@portal/contract/operator-workbench';
import { api } from '@/lib/api-client';
import { transactionsQueryKey } from '@/lib/transactions/get-transactions';

export async function getOperatorVolume(
  by: VolumeGrouping,
  days: number,
  signal?: AbortSignal,
): Promise<OperatorVolume> {
  return (await api.get<OperatorVolume>('/operator/volume', { params: { by, days }, signal })).data;
}

/** Under ['transactions']: a completed request (a live update) redraws the chart. */
export const operatorVolumeQueryOptions = (by: VolumeGrouping, days: number) =>
  queryOptions({
    queryKey: [...transactionsQueryKey, 'operator-volume', by, days],
    queryFn: ({ signal }) => getOperatorVolume(by, days, signal),
    placeholderData: keepPreviousData,
  });

export const useOperatorVolume = (by: VolumeGrouping, days: number) =>
  useQuery(operatorVolumeQueryOptions(by, days));
