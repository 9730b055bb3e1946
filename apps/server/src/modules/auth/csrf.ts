import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Anti-forgery tokens, Laravel Sanctum style: the server sets a readable XSRF-TOKEN cookie and
 * every state-changing request must echo it in X-XSRF-TOKEN. Another site can make a browser
 * send our cookies, but cannot read them, so it cannot echo the token.
 *
 * The token is an HMAC of what it is bound to: the session when signed in, otherwise a random
 * anonymous id kept in an HttpOnly cookie. A token from another session therefore never fits,
 * a new session (sign-in) gets a new token, and nothing needs to be stored for it.
 */
export type CsrfBinding = { session: string } | { anonymous: string };

export function csrfTokenFor(secret: string, binding: CsrfBinding): string {
  const subject = 'session' in binding ? `s:${binding.session}` : `a:${binding.anonymous}`;
  return createHmac('sha256', secret).update(`xsrf:${subject}`).digest('base64url');
}

export function csrfTokenMatches(expected: string, received: string | undefined): boolean {
  if (received === undefined) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(received);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function newAnonymousId(): string {
  return randomBytes(24).toString('base64url');
}
