import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditChainReport } from '@portal/contract/audit';
import { api } from '@/lib/api-client';
import { downloadFile, type ExportFormat } from '@/lib/download';
import { auditEventsQueryKey, type AuditFilters } from '@/features/audit-log/api/get-audit-events';

/** GET /api/operator/audit-events/chain: whether the trail is whole (docs/decisions/020). */
export async function getAuditChain(signal?: AbortSignal): Promise<AuditChainReport> {
  const response = await api.get<AuditChainReport>('/operator/audit-events/chain', { signal });
  return response.data;
}

/** Asked for when the operator presses Verify (it reads the whole trail), and again on each press. */
export const auditChainQueryOptions = () =>
  queryOptions({
    queryKey: [...auditEventsQueryKey, 'chain'] as const,
    queryFn: ({ signal }) => getAuditChain(signal),
    enabled: false,
    staleTime: 0,
  });

export const useAuditChain = () => useQuery(auditChainQueryOptions());

/** Downloads the filtered trail as CSV or Excel, named in the reader's language. */
export function downloadAuditExport(
  format: ExportFormat,
  filters: AuditFilters,
  language: string,
): Promise<string> {
  return downloadFile(
    `/operator/audit-events/export.${format}`,
    { ...filters, lang: language === 'ko' ? 'ko' : 'en' },
    `audit-trail.${format}`,
  );
}
