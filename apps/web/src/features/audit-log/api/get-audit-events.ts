import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type {
  AuditAction,
  AuditEmailRole,
  AuditEventsResponse,
  AuditObjectType,
} from '@portal/contract/audit';
import { api } from '@/lib/api-client';

export const auditEventsQueryKey = ['operator', 'audit-events'] as const;

export const AUDIT_PAGE_SIZE = 50;

export interface AuditFilters {
  action?: AuditAction;
  /** Who acted or whom the event is about (`emailRole`), by their email. */
  email?: string;
  emailRole?: AuditEmailRole;
  /** What the event is about besides a user, and its reference (B00000012, HANBIT). */
  objectType?: AuditObjectType;
  objectId?: string;
  /** Calendar days in Korea (YYYY-MM-DD), both inclusive; the server reads them so. */
  from?: string;
  to?: string;
}

/** One page of the audit log, newest first, after `cursor`. */
export async function getAuditEvents(
  filters: AuditFilters,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<AuditEventsResponse> {
  const response = await api.get<AuditEventsResponse>('/operator/audit-events', {
    params: { ...filters, cursor, limit: AUDIT_PAGE_SIZE },
    signal,
  });
  return response.data;
}

export const auditEventsQueryOptions = (filters: AuditFilters) =>
  infiniteQueryOptions({
    queryKey: [...auditEventsQueryKey, filters],
    queryFn: ({ pageParam, signal }) => getAuditEvents(filters, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export const useAuditEvents = (filters: AuditFilters) =>
  useInfiniteQuery(auditEventsQueryOptions(filters));
