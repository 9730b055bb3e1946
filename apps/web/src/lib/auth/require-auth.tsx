import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { FullPageLoader } from '@/components/ui/full-page-loader';
import { useUser } from '@/lib/user/user-context';
import { authDialogPath } from '@/lib/auth/auth-paths';
import { useSessionExpiry } from '@/lib/auth/use-session-expiry';
import { useIsSigningOut } from '@/lib/auth/signing-out';

/**
 * Everything under /app needs a signed-in user: while the current user loads, a loader; signed
 * out (or once the session has expired), the sign-in dialog, which brings the user back here.
 * A user who is signing out is on the way to Home, not to the sign-in dialog.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { isSignedIn, isLoading } = useUser();
  const { pathname, search } = useLocation();
  const isSigningOut = useIsSigningOut();
  useSessionExpiry();
  if (isLoading) return <FullPageLoader />;
  if (!isSignedIn && isSigningOut) return <FullPageLoader />;
  if (!isSignedIn) return <Navigate to={authDialogPath('sign-in', pathname + search)} replace />;
  return children;
}
