import { isAxiosError } from 'axios';
import { isErrorBody, type ErrorBody } from '@portal/contract/errors';

/** The API's error body, when the failure came from the API with one. */
export function apiErrorOf(error: unknown): ErrorBody['error'] | undefined {
  if (!isAxiosError(error)) return undefined;
  const body: unknown = error.response?.data;
  return isErrorBody(body) ? body.error : undefined;
}

export function httpStatusOf(error: unknown): number | undefined {
  return isAxiosError(error) ? error.response?.status : undefined;
}

/** 4xx answers mean the request itself is wrong; sending it again will not help. */
export function isClientError(error: unknown): boolean {
  const status = httpStatusOf(error);
  return status !== undefined && status >= 400 && status < 500;
}
