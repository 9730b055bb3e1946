import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { onSessionMessage } from '@/lib/auth/session-channel';

/**
 * Follows what the other tabs of this browser do with the session, which is theirs too
 * (`follow-session.ts`). Mounted by both layouts, so a public page's "Go to dashboard" follows
 * too; what to do is loaded with the first message, not with Home.
 */
export function useSessionSync() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const here = useRef(pathname);
  useEffect(() => {
    here.current = pathname;
  }, [pathname]);

  useEffect(
    () =>
      onSessionMessage((message) => {
        void import('@/lib/auth/follow-session').then(({ followSession }) =>
          followSession(message, { queryClient, navigate, here: here.current, t }),
        );
      }),
    [queryClient, navigate, t],
  );
}
