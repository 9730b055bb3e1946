import type { TFunction } from 'i18next';
import type { FieldError, FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ERROR_CODES, type ErrorCode } from '@portal/contract/errors';
import { groupDigits } from '@portal/contract/decimal';
import { isValidationMessage, readValidationMessage } from '@portal/contract/validation-messages';
import { ApiRequestError, CANCELLED_MESSAGE } from '@/lib/api-client';
import { apiErrorOf } from '@/lib/api-error';

/**
 * How forms and toasts turn a failure into words. Form errors hold message *keys*: a bare key is a
 * validation key (`passwordTooShort`, or with its numbers `tooLong?max=60`, from the contract's
 * schemas or the API's `error.fields`), a key with a namespace (`errors:codes.EMAIL_TAKEN`) is any
 * other text. The input translates it.
 */

export function isErrorCode(code: string): code is ErrorCode {
  return (ERROR_CODES as readonly string[]).includes(code);
}

/** The translation key (with its namespace) that says what went wrong. */
export function errorMessageKey(error: unknown): string {
  const apiError = apiErrorOf(error);
  if (apiError)
    return isErrorCode(apiError.code) ? `errors:codes.${apiError.code}` : 'errors:unknown';
  if (error instanceof Error && error.message === CANCELLED_MESSAGE) return 'errors:cancelled';
  if (error instanceof ApiRequestError && error.status === undefined) return 'errors:network';
  return 'errors:unknown';
}

/** What went wrong, translated: for a toast or a form's alert. */
export function errorMessage(t: TFunction, error: unknown): string {
  return t(errorMessageKey(error));
}

/**
 * A validation message in the reader's language, with the numbers it carries filled in and
 * grouped as the portal shows numbers (`amountAboveMax?max=10000` -> "... 10,000 USDT").
 * docs/decisions/014.
 */
export function validationText(t: TFunction, message: string): string {
  const { key, params } = readValidationMessage(message);
  const shown = Object.fromEntries(
    Object.entries(params).map(([name, value]) => [name, groupDigits(value)]),
  );
  return t(`validation:${key}`, shown);
}

/** A form error's text: validation keys from the `validation` namespace, others as they are. */
export function fieldErrorText(t: TFunction, error: FieldError | undefined): string | undefined {
  const message = error?.message;
  if (!message) return undefined;
  return isValidationMessage(message) ? validationText(t, message) : t(message);
}

/**
 * The words for a field the API names. A validation key says what is wrong with the value
 * (`tooLong`, `emailInvalid`); the bare `invalid` the API puts beside a specific code (an email
 * taken, an agency code nobody has, a wrong current password) only marks the field, and the
 * code says what is wrong, so the input never shows the generic "This value is not valid." when
 * the answer said more (docs/decisions/016).
 */
function fieldMessage(code: string, message: string, codeKey: string): string {
  if (message === 'invalid' && code !== 'VALIDATION_FAILED' && isErrorCode(code)) return codeKey;
  return isValidationMessage(message) ? message : codeKey;
}

/** Where an error code belongs: an input (its text is the code's message), or an input and a text key. */
export type CodeFields<T extends FieldValues> = Partial<
  Record<ErrorCode, Path<T> | { field: Path<T>; message: string }>
>;

/**
 * Puts an API error onto the form's inputs: an error whose code belongs to one input
 * (EMAIL_TAKEN -> email) per `codeFields`, and every other `error.fields` entry that names one of
 * `fields`.
 * Returns whether anything landed on an input; if not, the caller shows the error elsewhere.
 */
export function applyApiErrorToForm<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  codeFields: CodeFields<T> = {},
): boolean {
  const apiError = apiErrorOf(error);
  if (!apiError) return false;
  const codeKey = isErrorCode(apiError.code) ? `errors:codes.${apiError.code}` : 'errors:unknown';
  let placed = false;
  // A code that belongs to an input says what is wrong in its own words (EMAIL_TAKEN: "An
  // account with this email already exists."), before any field the answer also names.
  const target = isErrorCode(apiError.code) ? codeFields[apiError.code] : undefined;
  const codeField =
    target === undefined
      ? undefined
      : typeof target === 'string'
        ? { field: target, message: codeKey }
        : target;
  if (codeField !== undefined) {
    setError(
      codeField.field,
      { type: 'server', message: codeField.message },
      { shouldFocus: true },
    );
    placed = true;
  }
  for (const [field, message] of Object.entries(apiError.fields ?? {})) {
    const name = fields.find((candidate) => candidate === field);
    if (name === undefined || name === codeField?.field) continue;
    setError(
      name,
      { type: 'server', message: fieldMessage(apiError.code, message, codeKey) },
      { shouldFocus: !placed },
    );
    placed = true;
  }
  return placed;
}

/** Seconds from a 429 answer's Retry-After header, when it has one. */
export function retryAfterSeconds(error: unknown): number | undefined {
  if (!(error instanceof ApiRequestError)) return undefined;
  const raw = error.headers.get('retry-after');
  const seconds = Number(raw);
  return raw !== null && raw !== '' && Number.isFinite(seconds) && seconds >= 0
    ? seconds
    : undefined;
}
