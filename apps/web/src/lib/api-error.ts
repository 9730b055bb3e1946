import { isErrorBody, type ErrorBody } from '@portal/contract/errors';
import { ApiRequestError } from '@/lib/api-client';

export { httpStatusOf, isClientError } from '@/lib/api-client';

/** The API's error body, when the failure came from the API with one. */
export function apiErrorOf(error: unknown): ErrorBody['error'] | undefined {
  if (!(error instanceof ApiRequestError)) return undefined;
  return isErrorBody(error.data) ? error.data.error : undefined;
}
