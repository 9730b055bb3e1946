import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_BASE_PATH } from '@portal/contract/http';
import type { CurrentUser, CurrentUserResponse } from '@portal/contract/users';
import { apiHeaders, CANCELLED_MESSAGE, HttpStatusError } from '@/lib/http';

export const currentUserQueryKey = ['auth', 'me'] as const;

export const CURRENT_USER_URL = `${API_BASE_PATH}/auth/me`;

/**
 * GET /api/auth/me: the signed-in user, or null when nobody is signed in.
 *
 * Every page reads this, Home included, so it is sent with the browser's fetch rather than the
 * shared axios client: axios, qs and zod then load only with the screens that call the rest of
 * the API. It is the request the shared client would send: the session cookie, the role
 * header and the anti-forgery token (`apiHeaders`); a non-2xx answer is an error carrying its
 * status, so the query client's retry rule treats it as it treats the shared client's errors.
 *
 * The answer is not parsed with the contract's `currentUserResponseSchema` here (that would
 * bring zod to every page): the server serialises this response through that same schema (the
 * route's response schema), so it cannot send anything else.
 */
export async function getCurrentUser(signal?: AbortSignal): Promise<CurrentUser | null> {
  try {
    const response = await fetch(CURRENT_USER_URL, {
      credentials: 'include',
      headers: { Accept: 'application/json', ...apiHeaders() },
      signal,
    });
    if (!response.ok) throw new HttpStatusError(response.status, CURRENT_USER_URL);
    const body = (await response.json()) as CurrentUserResponse;
    return body.user;
  } catch (error) {
    // As the shared client does: a cancelled request ends with the one cancellation message.
    if (signal?.aborted) throw new Error(CANCELLED_MESSAGE);
    throw error;
  }
}

export const currentUserQueryOptions = () =>
  queryOptions({
    queryKey: currentUserQueryKey,
    queryFn: ({ signal }) => getCurrentUser(signal),
  });

export const useCurrentUserQuery = () => useQuery(currentUserQueryOptions());
