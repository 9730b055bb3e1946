import { paths } from '@/config/paths';

export const AUTH_PARAM = 'auth';
export const NEXT_PARAM = 'next';
export type AuthDialog = 'sign-in' | 'sign-up';

const SITE = 'https://portal.invalid';

/**
 * Where to go after signing in: `next` only when it is a path of this site under /app (never
 * another origin, `//host`, or a backslash trick), otherwise the dashboard.
 */
export function safeNextPath(next: string | null | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.includes('\\')) {
    return paths.app.dashboard;
  }
  try {
    const url = new URL(next, SITE);
    const path = `${url.pathname}${url.search}${url.hash}`;
    if (url.origin === SITE && /^\/app(?:[/?#]|$)/.test(path)) return path;
  } catch {
    // not a URL at all
  }
  return paths.app.dashboard;
}

/** Home with a dialog open, keeping where to go afterwards. */
export function authDialogPath(dialog: AuthDialog, next?: string | null): string {
  const params = new URLSearchParams({ [AUTH_PARAM]: dialog });
  if (next) params.set(NEXT_PARAM, next);
  return `${paths.home}?${params.toString()}`;
}
