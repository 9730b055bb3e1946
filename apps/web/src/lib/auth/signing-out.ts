import { useSyncExternalStore } from 'react';

/**
 * Whether this tab is signing out. Once the server has ended the session, any call the open
 * screen still makes answers UNAUTHENTICATED and the current user becomes nobody; without this,
 * the /app guard would take that for an expired session and open the sign-in dialog (with
 * next= this page) before the sign-out flow reaches Home.
 */
let signingOut = false;
const listeners = new Set<() => void>();

export function setSigningOut(value: boolean): void {
  if (signingOut === value) return;
  signingOut = value;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useIsSigningOut(): boolean {
  return useSyncExternalStore(subscribe, () => signingOut);
}
