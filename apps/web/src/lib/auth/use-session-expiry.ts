import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '@portal/contract/users';
import { currentUserQueryKey, getCurrentUser } from '@/lib/user/get-current-user';
import { apiErrorOf } from '@/lib/api-error';
import { keepDrafts } from '@/lib/form-drafts';
import { clearToasts } from '@/lib/notifications';
import { forgetSession } from '@/lib/auth/forget-session';
import { sessionStatus, setSessionStatus } from '@/lib/auth/session-status';

let checking: Promise<void> | null = null;

/**
 * A call answered UNAUTHENTICATED: ask the server who is signed in now. Nobody: the session
 * ended under this tab (idle or absolute limit, a password changed elsewhere), so the open
 * forms keep their drafts for this user, everything loaded (and its toasts) is forgotten, and the guard opens the
 * sign-in dialog saying the session ended (docs/decisions/016). Several calls failing at once
 * ask once.
 */
export function checkSession(queryClient: QueryClient): Promise<void> {
  if (sessionStatus() !== 'active') return Promise.resolve();
  checking ??= (async () => {
    const before = queryClient.getQueryData<CurrentUser | null>(currentUserQueryKey);
    let now: CurrentUser | null;
    try {
      now = await getCurrentUser();
    } catch {
      return; // The server did not answer: nothing is known, nothing is forgotten.
    }
    if (sessionStatus() !== 'active') return;
    if (before && now?.id === before.id) return;
    if (before && !now) {
      keepDrafts(before.id);
      clearToasts();
      setSessionStatus('ended');
      await forgetSession(queryClient);
      return;
    }
    if (before && now) {
      // Someone else signed in meanwhile (another tab): forget the last user, show this one.
      setSessionStatus('signing-out');
      await forgetSession(queryClient);
      queryClient.setQueryData(currentUserQueryKey, now);
      setSessionStatus('active');
      return;
    }
    queryClient.setQueryData(currentUserQueryKey, now);
  })().finally(() => {
    checking = null;
  });
  return checking;
}

/** Watches every query and mutation of the signed-in frame for UNAUTHENTICATED. */
export function useSessionExpiry() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const check = (error: unknown) => {
      if (apiErrorOf(error)?.code === 'UNAUTHENTICATED') void checkSession(queryClient);
    };
    const stopQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') check(event.action.error);
    });
    const stopMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') check(event.action.error);
    });
    return () => {
      stopQueries();
      stopMutations();
    };
  }, [queryClient]);
}
