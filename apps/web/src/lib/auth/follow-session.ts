import type { QueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import type { NavigateFunction } from 'react-router';
import type { CurrentUser } from '@portal/contract/users';
import { paths } from '@/config/paths';
import { currentUserQueryKey, getCurrentUser } from '@/lib/user/get-current-user';
import { forgetDrafts } from '@/lib/form-drafts';
import { clearToasts, toast } from '@/lib/notifications';
import { forgetSession } from '@/lib/auth/forget-session';
import { inApp, leaveSession } from '@/lib/auth/leave-session';
import type { SessionMessage } from '@/lib/auth/session-channel';
import { setSessionStatus } from '@/lib/auth/session-status';

/**
 * What this tab does when another tab of the browser changed the session (docs/decisions/016):
 * a sign-out there ends it here (this tab forgets and leaves /app for Home, as if Logout were
 * pressed here); a sign-in there as someone else puts that user behind this tab's next call, so
 * this tab forgets the last user and shows the new one from the dashboard; the same user
 * changes nothing. Loaded when a message arrives, so Home does not carry it.
 */
export async function followSession(
  message: SessionMessage,
  {
    queryClient,
    navigate,
    here,
    t,
  }: { queryClient: QueryClient; navigate: NavigateFunction; here: string; t: TFunction },
): Promise<void> {
  const shown = queryClient.getQueryData<CurrentUser | null>(currentUserQueryKey);
  if (message.type === 'signed-out') {
    setSessionStatus('signing-out');
    await leaveSession(queryClient, navigate, here);
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
  if (inApp(here)) await navigate(paths.app.dashboard);
  setSessionStatus('active');
}
