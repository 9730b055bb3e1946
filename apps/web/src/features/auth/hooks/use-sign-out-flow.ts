import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useUser } from '@/lib/user/user-context';
import { errorMessage } from '@/lib/form-errors';
import { toast } from '@/lib/notifications';
import { useSignOut } from '../api/sign-out';

/**
 * Logout: ends the session, leaves for Home, then forgets everything the session loaded, so the
 * next person at this browser sees none of it. Home is reached first: with the user cleared while
 * still under /app, the guard would open the sign-in dialog instead.
 */
export function useSignOutFlow() {
  const { t } = useTranslation(['auth', 'errors']);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { setUser } = useUser();
  const signOut = useSignOut();

  const run = async () => {
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
  };

  return { signOut: run, isPending: signOut.isPending };
}
