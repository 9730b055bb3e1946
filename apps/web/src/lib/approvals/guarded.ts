import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Approval, ApprovalRequested } from '@portal/contract/approvals';
import type { ApiResponse } from '@/lib/api-client';
import { toast } from '@/lib/notifications';

/**
 * A guarded action (docs/decisions/017) either is done at once (200/201, with what it changed) or
 * waits for another operator: the server answers 202 `{ approval }` and nothing has happened yet.
 * The screens read which one through this, never by guessing from the body.
 */
export type Guarded<T> = { done: true; data: T } | { done: false; approval: Approval };

/** The approvals' queries: the queue, and the count in the menu. */
export const approvalsQueryKey = ['operator', 'approvals'] as const;

/** Reads a guarded action's answer from the one HTTP client's response (its status says which). */
export function readGuarded<T>(response: ApiResponse<T | ApprovalRequested>): Guarded<T> {
  if (response.status === 202) {
    return { done: false, approval: (response.data as ApprovalRequested).approval };
  }
  return { done: true, data: response.data as T };
}

/**
 * Says that the action was sent for approval, not done: another operator approves it before it
 * is carried out. Refreshes the approvals so the queue and the menu's count show it.
 */
export function useAnnounceSentForApproval({
  checker = 'another',
}: { checker?: 'another' | 'operator' } = {}) {
  const { t } = useTranslation('common');
  const queryClient = useQueryClient();
  return useCallback(() => {
    // An agency user's request is approved by an operator, not by "another" one.
    const message = checker === 'operator' ? t('approvals.sentToOperator') : t('approvals.sent');
    toast('info', { message });
    return queryClient.invalidateQueries({ queryKey: [...approvalsQueryKey] });
  }, [t, queryClient, checker]);
}
