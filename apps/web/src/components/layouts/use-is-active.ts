import { useCallback } from 'react';
import { matchPath, useLocation } from 'react-router';
import type { NavItem } from '@/components/layouts/nav-items';

/** Tells whether a menu entry is the current page (or, unless `end`, one of its sub-pages). */
export function useIsActive() {
  const { pathname } = useLocation();
  return useCallback(
    (item: Pick<NavItem, 'to' | 'end'>) =>
      matchPath({ path: item.to, end: item.end ?? false }, pathname) !== null,
    [pathname],
  );
}
