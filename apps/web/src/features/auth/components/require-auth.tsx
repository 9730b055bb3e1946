import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { FullPageLoader } from '@/components/ui/full-page-loader';
import { useUser } from '@/lib/user/user-context';
import { authDialogPath } from '../auth-paths';
import { useSessionExpiry } from '../hooks/use-session-expiry';

/**
 * Everything under /app needs a signed-in user: while the current user loads, a loader; signed
 * out (or once the session has expired), the sign-in dialog, which brings the user back here.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { isSignedIn, isLoading } = useUser();
  const { pathname, search } = useLocation();
  useSessionExpiry();
  if (isLoading) return <FullPageLoader />;
  if (!isSignedIn) return <Navigate to={authDialogPath('sign-in', pathname + search)} replace />;
  return children;
}
