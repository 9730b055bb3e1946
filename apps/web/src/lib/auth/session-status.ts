import { useSyncExternalStore } from 'react';

/**
 * What is happening to this tab's session, for the /app guard (docs/decisions/016):
 * - `active`: nothing unusual; a guard that finds nobody signed in opens the sign-in dialog.
 * - `signing-out`: Logout was pressed, here or in another tab of this browser. The server has
 *   ended the session, so the open screen's own calls answer UNAUTHENTICATED and the current
 *   user becomes nobody; the guard holds on a loader while the flow takes the tab to Home,
 *   rather than opening the sign-in dialog with next= this page.
 * - `ended`: the server said the session is over (idle or absolute limit, a password changed
 *   elsewhere). The guard opens the sign-in dialog saying so, and the forms that keep a draft
 *   have kept it for the same user.
 */
export type SessionStatus = 'active' | 'signing-out' | 'ended';

let status: SessionStatus = 'active';
const listeners = new Set<() => void>();

export function setSessionStatus(next: SessionStatus): void {
  if (status === next) return;
  status = next;
  for (const listener of listeners) listener();
}

export function sessionStatus(): SessionStatus {
  return status;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSessionStatus(): SessionStatus {
  return useSyncExternalStore(subscribe, sessionStatus);
}
