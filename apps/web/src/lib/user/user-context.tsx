import { createContext, useCallback, useContext, useMemo, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { CurrentUser, UserRole } from '@portal/contract/users';
import { currentUserQueryKey, useCurrentUserQuery } from '@/lib/user/get-current-user';

/**
 * The contract's DEFAULT_USER_ROLE. Importing the value would evaluate the contract's users
 * module, whose schemas bring zod to every page; a test checks the two agree.
 */
export const DEFAULT_USER_ROLE: UserRole = 'client';

/** docs/PRODUCT.md "Roles": role (default client), user information (default empty), a setter, a refetch. */
export interface UserContextValue {
  role: UserRole;
  user: Partial<CurrentUser>;
  isSignedIn: boolean;
  isLoading: boolean;
  setUser: (user: CurrentUser | null) => void;
  refetch: () => Promise<unknown>;
}

const UserContext = createContext<UserContextValue | null>(null);

export function UserProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const query = useCurrentUserQuery();
  const current = query.data ?? null;

  // The setter writes into the query cache, so the context and the query never disagree.
  const setUser = useCallback(
    (user: CurrentUser | null) => queryClient.setQueryData(currentUserQueryKey, user),
    [queryClient],
  );
  const { refetch } = query;

  const value = useMemo<UserContextValue>(
    () => ({
      role: current?.role ?? DEFAULT_USER_ROLE,
      user: current ?? {},
      isSignedIn: current !== null,
      isLoading: query.isPending,
      setUser,
      refetch,
    }),
    [current, query.isPending, setUser, refetch],
  );

  return <UserContext.Provider value={value}>{children}</UserContext.Provider>;
}

export function useUser(): UserContextValue {
  const value = useContext(UserContext);
  if (value === null) throw new Error('useUser must be used inside <UserProvider>');
  return value;
}
