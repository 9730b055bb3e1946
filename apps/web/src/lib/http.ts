import {
  DEFAULT_DEPLOYMENT_ROLE,
  DEPLOYMENT_ROLE_HEADER,
  XSRF_COOKIE,
  XSRF_HEADER,
} from '@portal/contract/http';

/**
 * What every call to the API carries, whoever sends it: the shared axios client
 * (`@/lib/api-client`) and the call made with the browser's fetch (the signed-in user, read by
 * every page, `@/lib/user/get-current-user`). Nothing here imports axios, qs or zod, so the first
 * page can use it without loading them.
 */

/** The message every cancelled request ends with (docs/PRODUCT.md "Calls" and docs/PRODUCT.md "Errors and notices"). */
export const CANCELLED_MESSAGE = 'Query was cancelled';

/** The deployment this browser build belongs to (the role header, decision 002). */
export const DEPLOYMENT_ROLE: string =
  import.meta.env.VITE_DEPLOYMENT_ROLE ?? DEFAULT_DEPLOYMENT_ROLE;

export function readCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const prefix = `${name}=`;
  const found = document.cookie.split('; ').find((part) => part.startsWith(prefix));
  return found === undefined ? undefined : decodeURIComponent(found.slice(prefix.length));
}

/**
 * The role header and the anti-forgery token, read from its cookie when the request is sent (the
 * server rotates it at sign-in and sign-out, decision 002).
 */
export function apiHeaders(): Record<string, string> {
  const token = readCookie(XSRF_COOKIE);
  return {
    [DEPLOYMENT_ROLE_HEADER]: DEPLOYMENT_ROLE,
    ...(token === undefined ? {} : { [XSRF_HEADER]: token }),
  };
}

/** A non-2xx answer to a call made with fetch. */
export class HttpStatusError extends Error {
  constructor(
    readonly status: number,
    url: string,
  ) {
    super(`Request to ${url} failed with status code ${status}`);
    this.name = 'HttpStatusError';
  }
}

/**
 * The HTTP status of a failed API call, from the shared client or from fetch. An axios error is
 * recognised the way axios's own `isAxiosError` does it, without importing axios.
 */
export function httpStatusOf(error: unknown): number | undefined {
  if (error instanceof HttpStatusError) return error.status;
  if (typeof error !== 'object' || error === null) return undefined;
  const candidate = error as { isAxiosError?: unknown; response?: { status?: number } };
  return candidate.isAxiosError === true ? candidate.response?.status : undefined;
}

/** 4xx answers mean the request itself is wrong; sending it again will not help. */
export function isClientError(error: unknown): boolean {
  const status = httpStatusOf(error);
  return status !== undefined && status >= 400 && status < 500;
}
