import type { QueryClient } from '@tanstack/react-query';
import type { NavigateFunction } from 'react-router';
import { paths } from '@/config/paths';
import { forgetDrafts } from '@/lib/form-drafts';
import { clearToasts } from '@/lib/notifications';
import { forgetSession } from '@/lib/auth/forget-session';
import { setSessionStatus } from '@/lib/auth/session-status';

export const inApp = (pathname: string) =>
  pathname === paths.app.root || pathname.startsWith('/app/');

/**
 * Forgets everything the session loaded, its drafts and its toasts, so the next person at this
 * browser sees none of it, then shows Home (docs/decisions/016). The caller has set the session
 * status to `signing-out`, so the /app guard, finding nobody signed in, holds on a loader
 * rather than opening the sign-in dialog with next= this page. The status ends once the router
 * is at Home; the guard still holds while the old /app screen is drawn (Home's code or words
 * may still be loading), and lets go if a Back returns to /app meanwhile (`require-auth.tsx`).
 */
export async function leaveSession(
  queryClient: QueryClient,
  navigate: NavigateFunction,
  here: string,
) {
  clearToasts();
  forgetDrafts();
  await forgetSession(queryClient);
  if (inApp(here)) await navigate(paths.home);
  setSessionStatus('active');
}
