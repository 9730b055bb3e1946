import type { QueryClient } from '@tanstack/react-query';
import { currentUserQueryKey } from '@/lib/user/get-current-user';

const isCurrentUser = (queryKey: readonly unknown[]) =>
  queryKey.length === currentUserQueryKey.length &&
  currentUserQueryKey.every((part, index) => queryKey[index] === part);

/**
 * Forgets, in this tab, everything a session loaded (docs/decisions/016). The current user
 * becomes nobody first, in place, so every screen reading it (Home's "Go to dashboard", the
 * header's name) changes at once, and the /app guard takes the screen that showed the session's
 * data off the page (it holds on a loader, or opens the sign-in dialog). Only then is every
 * other query and every mutation's result dropped: a screen still on the page would ask for its
 * queries again.
 *
 * `queryClient.clear()` is not enough: it removes the current-user query from under its
 * observers, which keep showing the old user until a reload.
 */
export async function forgetSession(queryClient: QueryClient): Promise<void> {
  await queryClient.cancelQueries();
  queryClient.setQueryData(currentUserQueryKey, null);
  // The query cache tells its observers on the next task; the screens re-render and leave
  // before this one.
  await new Promise((resolve) => setTimeout(resolve, 0));
  queryClient.removeQueries({ predicate: (query) => !isCurrentUser(query.queryKey) });
  queryClient.getMutationCache().clear();
}
