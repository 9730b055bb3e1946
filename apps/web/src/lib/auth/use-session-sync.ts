import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { CurrentUser } from '@portal/contract/users';
import { paths } from '@/config/paths';
import { currentUserQueryKey, getCurrentUser } from '@/lib/user/get-current-user';
import { forgetDrafts } from '@/lib/form-drafts';
import { clearToasts, toast } from '@/lib/notifications';
import { forgetSession } from '@/lib/auth/forget-session';
import { inApp, leaveSession } from '@/lib/auth/leave-session';
import { onSessionMessage } from '@/lib/auth/session-channel';
import { setSessionStatus } from '@/lib/auth/session-status';

/**
 * Follows what the other tabs of this browser do with the session, which is theirs too: a
 * sign-out there ends it here (this tab leaves for Home and forgets, as if Logout were pressed
 * here); a sign-in there as someone else puts that user behind this tab's next call, so this tab
 * forgets the last user and shows the new one from the dashboard. Mounted by both layouts.
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
        const shown = queryClient.getQueryData<CurrentUser | null>(currentUserQueryKey);
        void (async () => {
          if (message.type === 'signed-out') {
            setSessionStatus('signing-out');
            await leaveSession(queryClient, navigate, here.current);
            if (shown) toast('info', { message: t('signOut.elsewhere') });
            return;
          }
          if (shown?.id === message.userId) return;
          setSessionStatus('signing-out');
          const now = await getCurrentUser().catch(() => null);
          clearToasts();
          forgetDrafts();
          await forgetSession(queryClient);
          queryClient.setQueryData(currentUserQueryKey, now);
          if (inApp(here.current)) await navigate(paths.app.dashboard);
          setSessionStatus('active');
        })();
      }),
    [queryClient, navigate, t],
  );
}
