import { describe, expect, it } from 'vitest';
import { APP_ROOT, isWebAppPage, PUBLIC_PAGES } from '@portal/contract/pages';
import type { RouteObject } from 'react-router';
import { routes } from '@/app/router';

/**
 * The server answers the router's pages with 200 and every other path with 404, from the list in
 * the contract (docs/decisions/028): the router must draw exactly those pages, and nothing outside
 * them, so no screen the app has is ever sent with 404.
 */
function pathsOf(list: RouteObject[], parent = ''): string[] {
  return list.flatMap((route) => {
    const path = route.path === undefined ? parent : joinPath(parent, route.path);
    const own = route.path === undefined || route.path === '*' ? [] : [path];
    return [...own, ...pathsOf(route.children ?? [], path)];
  });
}

function joinPath(parent: string, path: string): string {
  return path.startsWith('/') ? path : `${parent.replace(/\/$/, '')}/${path}`;
}

describe('the pages the server knows', () => {
  const drawn = pathsOf(routes);

  it('are the public pages the router draws outside the app', () => {
    const outsideApp = drawn.filter(
      (path) => path !== APP_ROOT && !path.startsWith(`${APP_ROOT}/`),
    );
    expect(outsideApp.sort()).toEqual(Object.values(PUBLIC_PAGES).sort());
  });

  it('include every path the router draws', () => {
    for (const path of drawn) expect(isWebAppPage(path.replace(/:\w+/g, 'x')), path).toBe(true);
  });
});
