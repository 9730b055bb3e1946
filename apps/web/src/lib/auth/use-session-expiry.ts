import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { currentUserQueryKey } from '@/lib/user/get-current-user';
import { apiErrorOf } from '@/lib/api-error';

/**
 * Sessions end on the server (idle or absolute expiry, a password changed elsewhere). When any
 * call answers UNAUTHENTICATED, ask again who is signed in: the answer (nobody) takes the guard
 * to the sign-in dialog, which brings the user back to where they were.
 */
export function useSessionExpiry() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const check = (error: unknown) => {
      if (apiErrorOf(error)?.code === 'UNAUTHENTICATED') {
        void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
      }
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
