import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { errorMessage } from '@/lib/form-errors';
import { toast } from '@/lib/notifications';
import { useSignOut } from '@/lib/auth/sign-out';
import { leaveSession } from '@/lib/auth/leave-session';
import { announceSession } from '@/lib/auth/session-channel';
import { setSessionStatus } from '@/lib/auth/session-status';

/** Logout in this tab: ends the session on the server, tells the other tabs, leaves. */
export function useSignOutFlow() {
  const { t } = useTranslation(['auth', 'errors']);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const signOut = useSignOut();

  const run = async () => {
    setSessionStatus('signing-out');
    try {
      await signOut.mutateAsync();
    } catch (error) {
      setSessionStatus('active');
      toast('error', { message: errorMessage(t, error) });
      return;
    }
    announceSession({ type: 'signed-out' });
    await leaveSession(queryClient, navigate, pathname);
    toast('success', { message: t('signOut.success') });
  };

  return { signOut: run, isPending: signOut.isPending };
}
