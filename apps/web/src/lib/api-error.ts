import { isAxiosError } from 'axios';
import { isErrorBody, type ErrorBody } from '@portal/contract/errors';

// The status helpers live with the fetch helpers, free of axios and zod (the query client, on
// every page, needs them); re-exported here for the code that reads API errors.
export { httpStatusOf, isClientError } from '@/lib/http';

/** The API's error body, when the failure came from the API with one. */
export function apiErrorOf(error: unknown): ErrorBody['error'] | undefined {
  if (!isAxiosError(error)) return undefined;
  const body: unknown = error.response?.data;
  return isErrorBody(body) ? body.error : undefined;
}
