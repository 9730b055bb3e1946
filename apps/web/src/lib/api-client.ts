import axios, { type AxiosInstance, type CreateAxiosDefaults } from 'axios';
import qs from 'qs';
import {
  API_BASE_PATH,
  DEPLOYMENT_ROLE_HEADER,
  XSRF_COOKIE,
  XSRF_HEADER,
} from '@portal/contract/http';
import { CANCELLED_MESSAGE, DEPLOYMENT_ROLE, readCookie } from '@/lib/http';

/**
 * The shared client (decision 002). Only code that calls the API imports this module: the
 * features' api modules, all in lazily loaded screens and dialogs. The signed-in user, which every
 * page reads, is fetched without it (`@/lib/user/get-current-user`), so pages that call nothing
 * else (Home) do not load axios, qs or zod.
 */

export { CANCELLED_MESSAGE, readCookie };

/**
 * Query strings repeat an array's key without an index (`status=Requested&status=Pending`).
 * The first client this portal was specified from did not encode values at all, which corrupts `A&B`, `x=1`, `#3`, `a+b`
 * and Korean text on the way; we keep its repeat format and percent-encode each key and value
 * (RFC 3986), so what a person searched for is exactly what the server receives.
 */
export function serializeParams(params: Record<string, unknown>): string {
  return qs.stringify(params, { arrayFormat: 'repeat', skipNulls: true });
}

export function createApiClient(overrides: CreateAxiosDefaults = {}): AxiosInstance {
  const client = axios.create({
    baseURL: API_BASE_PATH,
    withCredentials: true,
    headers: {
      'Content-Type': 'application/json',
      [DEPLOYMENT_ROLE_HEADER]: DEPLOYMENT_ROLE,
    },
    paramsSerializer: { serialize: serializeParams },
    // We fill the anti-forgery header ourselves (below), for every request, same-origin or not.
    xsrfCookieName: undefined,
    ...overrides,
  });

  // The token is read when each request is sent, not once at start-up as in the first client:
  // the server rotates it at sign-in and sign-out, and a token captured earlier would be refused.
  client.interceptors.request.use((config) => {
    const token = readCookie(XSRF_COOKIE);
    if (token !== undefined) config.headers.set(XSRF_HEADER, token);
    return config;
  });

  client.interceptors.response.use(
    (response) => response,
    (error: unknown) => {
      if (axios.isCancel(error)) return Promise.reject(new Error(CANCELLED_MESSAGE));
      return Promise.reject(error);
    },
  );

  return client;
}

/** The one client every feature calls the API through. */
export const api = createApiClient();
