import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReconciliationResponse } from '@portal/contract/reconciliation';
import { api } from '@/lib/api-client';
import { downloadFile, type ExportFormat } from '@/lib/download';

export const reconciliationQueryKey = ['operator', 'reconciliation'] as const;

/** Korea days (YYYY-MM-DD), both included; the server reads them so. */
export interface ReconciliationRange {
  from: string;
  to: string;
}

/** GET /api/operator/reconciliation (docs/decisions/018). */
export async function getReconciliation(
  range: ReconciliationRange,
  signal?: AbortSignal,
): Promise<ReconciliationResponse> {
  const response = await api.get<ReconciliationResponse>('/operator/reconciliation', {
    params: { ...range },
    signal,
  });
  return response.data;
}

export const reconciliationQueryOptions = (range: ReconciliationRange) =>
  queryOptions({
    queryKey: [...reconciliationQueryKey, range],
    queryFn: ({ signal }) => getReconciliation(range, signal),
  });

export const useReconciliation = (range: ReconciliationRange) =>
  useQuery(reconciliationQueryOptions(range));

/** Which table of the report a file holds. */
export type ReconciliationPart = 'accounts' | 'merchants';

/** Downloads one table of the report as CSV or Excel, named in the reader's language. */
export function downloadReconciliation(
  format: ExportFormat,
  part: ReconciliationPart,
  range: ReconciliationRange,
  language: string,
): Promise<string> {
  return downloadFile(
    `/operator/reconciliation/export.${format}`,
    { ...range, part, lang: language === 'ko' ? 'ko' : 'en' },
    `reconciliation-${part}.${format}`,
  );
}
