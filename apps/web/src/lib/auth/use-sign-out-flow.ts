import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useUser } from '@/lib/user/user-context';
import { errorMessage } from '@/lib/form-errors';
import { toast } from '@/lib/notifications';
import { useSignOut } from '@/lib/auth/sign-out';
import { setSigningOut } from '@/lib/auth/signing-out';

/**
 * Logout: ends the session, leaves for Home, then forgets everything the session loaded, so the
 * next person at this browser sees none of it. Home is reached first: with the user cleared while
 * still under /app, the guard would open the sign-in dialog instead; while the flow runs, the
 * guard holds (`signing-out.ts`), since the open screen's own calls already find no session.
 */
export function useSignOutFlow() {
  const { t } = useTranslation(['auth', 'errors']);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { setUser } = useUser();
  const signOut = useSignOut();

  const run = async () => {
    setSigningOut(true);
    try {
      try {
        await signOut.mutateAsync();
      } catch (error) {
        toast('error', { message: errorMessage(t, error) });
        return;
      }
      await navigate(paths.home);
      queryClient.clear();
      setUser(null);
      toast('success', { message: t('signOut.success') });
    } finally {
      setSigningOut(false);
    }
  };

  return { signOut: run, isPending: signOut.isPending };
}
