import type { ReactNode } from 'react';
import type { UserRole } from '@portal/contract/users';
import { useUser } from '@/lib/user/user-context';

/**
 * Shows `children` to the given roles only, and `fallback` (the not-found page) to everyone else,
 * so a screen's existence is not advertised. The server enforces the same rule.
 */
export function RequireRole({
  roles,
  fallback,
  children,
}: {
  roles: readonly UserRole[];
  fallback: ReactNode;
  children: ReactNode;
}) {
  const { role, isSignedIn } = useUser();
  return isSignedIn && roles.includes(role) ? children : fallback;
}
