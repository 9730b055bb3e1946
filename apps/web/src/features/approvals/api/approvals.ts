import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type {
  Approval,
  ApprovalKind,
  ApprovalListResponse,
  ApprovalSort,
  RejectApprovalRequest,
} from '@portal/contract/approvals';
import { api } from '@/lib/api-client';
import { approvalsQueryKey } from '@/lib/approvals/guarded';
import { downloadFile, type ExportFormat } from '@/lib/download';

/** What the queue shows besides the page (docs/decisions/021): the export takes the same. */
export interface ApprovalSearch {
  view: 'pending' | 'decided';
  kind?: ApprovalKind;
  /** Maker or checker, transaction number, bank reference, the request's texts, or won typed whole. */
  q?: string;
  /** Korea's calendar days of the request, both inclusive. */
  from?: string;
  to?: string;
  /** Left out: the view's own order (pending oldest first, decided newest first). */
  sort?: ApprovalSort;
}

export interface ApprovalFilters extends ApprovalSearch {
  page: number;
  pageSize: number;
}

/** GET /api/operator/approvals: pending oldest first, decided newest first (docs/decisions/017). */
export const approvalListQueryOptions = (filters: ApprovalFilters) =>
  queryOptions({
    queryKey: [...approvalsQueryKey, 'list', filters],
    queryFn: async ({ signal }) =>
      (await api.get<ApprovalListResponse>('/operator/approvals', { params: filters, signal }))
        .data,
    placeholderData: keepPreviousData,
  });

export const useApprovals = (filters: ApprovalFilters) =>
  useQuery(approvalListQueryOptions(filters));

/** The filtered approvals, every page, as a file in the reader's language; answers its name. */
export function exportApprovals(
  format: ExportFormat,
  { view, kind, q, from, to, sort }: ApprovalSearch,
  language: string,
): Promise<string> {
  return downloadFile(
    `/operator/approvals/export.${format}`,
    { view, kind, q, from, to, sort, lang: language === 'ko' ? 'ko' : 'en' },
    `approvals.${format}`,
  );
}

type Decision = { id: string; approve: true } | { id: string; reject: RejectApprovalRequest };

/** Approving carries the action out (once); rejecting keeps it from ever happening. */
export async function decideApproval(decision: Decision): Promise<Approval> {
  const id = encodeURIComponent(decision.id);
  const response =
    'approve' in decision
      ? await api.post<{ approval: Approval } | Approval>(`/operator/approvals/${id}/approve`)
      : await api.post<{ approval: Approval } | Approval>(
          `/operator/approvals/${id}/reject`,
          decision.reject,
        );
  const data = response.data;
  return 'approval' in data ? data.approval : data;
}

/**
 * A decision (or a refusal: someone else decided first) makes the approvals stale, and an
 * approval carried out changes what the other operator screens show: transactions, deposits,
 * rates, agencies, users and the users' own views.
 */
export function invalidateAfterDecision(queryClient: ReturnType<typeof useQueryClient>) {
  return Promise.all(
    [approvalsQueryKey, ['operator'], ['transactions'], ['quotes'], ['agency-bank-account']].map(
      (queryKey) => queryClient.invalidateQueries({ queryKey: [...queryKey] }),
    ),
  );
}

export function useDecideApproval() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideApproval,
    onSettled: () => invalidateAfterDecision(queryClient),
  });
}
