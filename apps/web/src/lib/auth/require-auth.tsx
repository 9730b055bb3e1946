import { useContext, type ReactNode } from 'react';
import { Navigate, UNSAFE_DataRouterContext, useLocation } from 'react-router';
import { FullPageLoader } from '@/components/ui/full-page-loader';
import { useUser } from '@/lib/user/user-context';
import { authDialogPath } from '@/lib/auth/auth-paths';
import { useSessionExpiry } from '@/lib/auth/use-session-expiry';
import { useSessionStatus } from '@/lib/auth/session-status';
import { inApp } from '@/lib/auth/leave-session';

/**
 * Everything under /app needs a signed-in user: while the current user loads, a loader; signed
 * out, the sign-in dialog, which brings the user back here, and says so when the session ended
 * under this tab (docs/decisions/016). A user who is signing out is on the way to Home, not to
 * the sign-in dialog.
 *
 * The sign-out ends that status once the router is at Home (`leave-session.ts`), but React may
 * still draw this /app screen for a while: the move to Home is drawn in a transition, which
 * keeps the old screen while Home's code or words load. The guard holds meanwhile, as long as
 * the router is elsewhere than /app; a Back to /app in that time finds the router here again
 * and opens the sign-in dialog (an earlier guard that held until it was unmounted stayed on
 * its loader for good, since it never was). Only the router itself knows where it is before
 * React has drawn it, hence its context rather than `useLocation`, which is what is drawn.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { isSignedIn, isLoading } = useUser();
  const { pathname, search } = useLocation();
  const status = useSessionStatus();
  useSessionExpiry();
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  const leaving = router !== undefined && !inApp(router.state.location.pathname);
  if (isLoading) return <FullPageLoader />;
  if (!isSignedIn && (status === 'signing-out' || leaving)) return <FullPageLoader />;
  if (!isSignedIn) {
    const to = authDialogPath('sign-in', pathname + search, { sessionEnded: status === 'ended' });
    return <Navigate to={to} replace />;
  }
  return children;
}
