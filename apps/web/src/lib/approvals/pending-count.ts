import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApprovalListResponse } from '@portal/contract/approvals';
import { api } from '@/lib/api-client';
import { approvalsQueryKey } from '@/lib/approvals/guarded';

/**
 * How many approvals wait, for the operator's menu: the pending list asked for one row, so it
 * costs one small query (refreshed on focus, after each decision and with the live updates).
 */
export const pendingApprovalCountQueryOptions = () =>
  queryOptions({
    queryKey: [...approvalsQueryKey, 'pending-count'],
    queryFn: async ({ signal }) =>
      (
        await api.get<ApprovalListResponse>('/operator/approvals', {
          params: { view: 'pending', page: 1, pageSize: 1 },
          signal,
        })
      ).data.total,
  });

export const usePendingApprovalCount = (enabled: boolean) =>
  useQuery({ ...pendingApprovalCountQueryOptions(), enabled });
