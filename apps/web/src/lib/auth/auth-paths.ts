import { paths } from '@/config/paths';

export const AUTH_PARAM = 'auth';
export const NEXT_PARAM = 'next';
/** `?session=ended`: the sign-in dialog says the session ended, rather than nothing. */
export const SESSION_PARAM = 'session';
export const AUTH_DIALOGS = [
  'sign-in',
  'sign-up',
  'forgot-password',
  'reset-password',
  'verify-email',
] as const;
export type AuthDialog = (typeof AUTH_DIALOGS)[number];

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

/** Home with a dialog open, keeping where to go afterwards (and why, when a session ended). */
export function authDialogPath(
  dialog: AuthDialog,
  next?: string | null,
  { sessionEnded = false }: { sessionEnded?: boolean } = {},
): string {
  const params = new URLSearchParams({ [AUTH_PARAM]: dialog });
  if (next) params.set(NEXT_PARAM, next);
  if (sessionEnded) params.set(SESSION_PARAM, 'ended');
  return `${paths.home}?${params.toString()}`;
}
