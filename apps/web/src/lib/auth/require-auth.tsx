import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { FullPageLoader } from '@/components/ui/full-page-loader';
import { useUser } from '@/lib/user/user-context';
import { authDialogPath } from '@/lib/auth/auth-paths';
import { useSessionExpiry } from '@/lib/auth/use-session-expiry';
import { sessionStatus, setSessionStatus, useSessionStatus } from '@/lib/auth/session-status';

/**
 * Everything under /app needs a signed-in user: while the current user loads, a loader; signed
 * out, the sign-in dialog, which brings the user back here, and says so when the session ended
 * under this tab (docs/decisions/016). A user who is signing out is on the way to Home, not to
 * the sign-in dialog.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { isSignedIn, isLoading } = useUser();
  const { pathname, search } = useLocation();
  const status = useSessionStatus();
  useSessionExpiry();
  // A sign-out holds the guard until the tab has left /app, which is when this unmounts.
  useEffect(
    () => () => {
      if (sessionStatus() === 'signing-out') setSessionStatus('active');
    },
    [],
  );
  if (isLoading) return <FullPageLoader />;
  if (!isSignedIn && status === 'signing-out') return <FullPageLoader />;
  if (!isSignedIn) {
    const to = authDialogPath('sign-in', pathname + search, { sessionEnded: status === 'ended' });
    return <Navigate to={to} replace />;
  }
  return children;
}
