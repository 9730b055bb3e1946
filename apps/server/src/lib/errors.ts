import type { ErrorBody, ErrorCode } from '@portal/contract/errors';

/** The HTTP status of each error code. A code always travels with the same status. */
export const STATUS_BY_CODE = {
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  CSRF_TOKEN_INVALID: 403,
  CROSS_SITE_REQUEST: 403,
  DEPLOYMENT_ROLE_MISMATCH: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  HEADERS_TOO_LARGE: 431,
  REQUEST_TIMEOUT: 408,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  SERVICE_UNAVAILABLE: 503,
  INTERNAL_ERROR: 500,
  INVALID_CREDENTIALS: 401,
  EMAIL_TAKEN: 409,
  AGENCY_CODE_UNKNOWN: 400,
  CURRENT_PASSWORD_WRONG: 400,
  ACCOUNT_DISABLED: 403,
  RESET_LINK_INVALID: 400,
  EMAIL_NOT_VERIFIED: 403,
  VERIFY_LINK_INVALID: 400,
  SECOND_FACTOR_INVALID: 400,
  // The sign-in's password step is over (expired, used, too many codes): start again.
  SIGN_IN_CHALLENGE_INVALID: 401,
  TWO_FACTOR_ALREADY_ON: 409,
  TWO_FACTOR_NOT_ON: 409,
  TWO_FACTOR_REQUIRED_FOR_ROLE: 403,
  // Selling or setting the payout account needs two-factor sign-in on (docs/decisions/026).
  TWO_FACTOR_REQUIRED: 403,
  // Signed in, but this change needs the second factor proved again (step-up).
  STEP_UP_REQUIRED: 403,
  PASSKEY_NOT_VERIFIED: 400,
  PASSKEY_UNKNOWN: 401,
  PASSKEY_ALREADY_ADDED: 409,
  PASSKEY_LIMIT_REACHED: 409,
  AGENCY_CODE_TAKEN: 409,
  AGENCY_DISABLED: 403,
  AGENCY_CODE_DISABLED: 400,
  AGENCY_NOT_TAKING_BUYS: 409,
  FILE_REQUIRED: 400,
  FILE_TYPE_NOT_ALLOWED: 415,
  // The file arrived whole and is an image; what it decodes into is refused (not its bytes: 413).
  IMAGE_TOO_LARGE: 422,
  IMAGE_PROCESSING_TIMEOUT: 422,
  // Too many uploads at once, not an outage: 503 here means the service is down to be waited out.
  UPLOADS_BUSY: 429,
  KYC_ALREADY_REVIEWED: 409,
  MERCHANT_UNAVAILABLE: 503,
  MERCHANT_ACCOUNT_REJECTED: 400,
  MERCHANT_NOT_AVAILABLE: 400,
  ACCOUNT_ALREADY_SAVED: 409,
  ACCOUNT_HAS_OPEN_REQUESTS: 409,
  VERIFICATION_EXPIRED: 410,
  AMOUNT_OUT_OF_LIMITS: 400,
  INSUFFICIENT_BALANCE: 409,
  RATE_NOT_SET: 409,
  QUOTE_INVALID: 400,
  QUOTE_EXPIRED: 409,
  DEPOSIT_ACCOUNT_MISSING: 409,
  IDEMPOTENCY_KEY_REQUIRED: 400,
  IDEMPOTENCY_KEY_REUSED: 422,
  IDEMPOTENCY_IN_PROGRESS: 409,
  TRANSITION_NOT_ALLOWED: 409,
  REASON_REQUIRED: 400,
  PAYOUT_REFERENCE_REQUIRED: 400,
  NOT_EXPIRED: 409,
  TEXT_TOO_LONG: 400,
  MERCHANT_INSUFFICIENT_FUNDS: 409,
  MERCHANT_LINK_INVALID: 409,
  WEBHOOK_SIGNATURE_INVALID: 401,
  WEBHOOK_TIMESTAMP_STALE: 401,
  WEBHOOK_REPLAYED: 409,
  DEPOSIT_ALREADY_RECORDED: 409,
  DEPOSIT_REFERENCE_CONFLICT: 409,
  DEPOSIT_ALREADY_RESOLVED: 409,
  STATEMENT_INVALID: 400,
  STATEMENT_EMPTY: 400,
  STATEMENT_UNREADABLE: 400,
  STATEMENT_TOO_MANY_LINES: 400,
  STATEMENT_COLUMNS_MISSING: 400,
  STATEMENT_NOT_PREVIEWED: 400,
  STATEMENT_CHANGED: 409,
  KYC_REQUIRED: 403,
  MERCHANT_ACCOUNT_TAKEN: 409,
  HOLDER_NAME_MISMATCH: 409,
  NAME_LOCKED: 409,
  NAME_CHANGE_PENDING: 409,
  OPEN_BUY_REQUESTS: 409,
  PAYEE_REQUIRED: 409,
  QUOTE_RATE_CHANGED: 409,
  DEPOSIT_NOT_USABLE: 409,
  AMOUNT_DIFFERENCE_NOT_ACCEPTED: 409,
  DEBIT_NOT_CONFIRMED: 409,
  SANDBOX_ACCOUNT_LIMIT: 409,
  MERCHANT_NOT_SANDBOX: 409,
  DATE_RANGE_INVALID: 400,
  RATE_SELL_ABOVE_BUY: 400,
  RATE_CHANGE_NOT_CONFIRMED: 409,
  APPROVAL_OWN_ACTION: 403,
  APPROVAL_ALREADY_DECIDED: 409,
  APPROVAL_ALREADY_PENDING: 409,
} as const satisfies Record<ErrorCode, number>;

/**
 * Messages for errors that reach the client without a message of our own (framework and
 * unknown errors). Library messages are never passed on: they can quote input, SQL or paths.
 */
export const DEFAULT_MESSAGES = {
  BAD_REQUEST: 'The request could not be read.',
  VALIDATION_FAILED: 'Some fields are not valid.',
  UNAUTHENTICATED: 'Sign in to continue.',
  FORBIDDEN: 'You are not allowed to do this.',
  CSRF_TOKEN_INVALID: 'The anti-forgery token is missing or wrong. Reload the page and try again.',
  CROSS_SITE_REQUEST: 'Requests from other sites are refused.',
  DEPLOYMENT_ROLE_MISMATCH: 'This app was built for another deployment.',
  NOT_FOUND: 'Not found.',
  METHOD_NOT_ALLOWED: 'This method is not allowed here.',
  CONFLICT: 'The request conflicts with the current state.',
  PAYLOAD_TOO_LARGE: 'The request body is too large.',
  HEADERS_TOO_LARGE: 'The request headers are too large.',
  REQUEST_TIMEOUT: 'The request took too long to arrive.',
  UNSUPPORTED_MEDIA_TYPE: 'This content type is not supported.',
  RATE_LIMITED: 'Too many requests. Try again later.',
  SERVICE_UNAVAILABLE: 'The service is temporarily unavailable.',
  INTERNAL_ERROR: 'Something went wrong on our side.',
  INVALID_CREDENTIALS: 'The email or password is incorrect.',
  EMAIL_TAKEN: 'An account with this email already exists.',
  AGENCY_CODE_UNKNOWN: 'No partner agency has this code.',
  CURRENT_PASSWORD_WRONG: 'Your current password is incorrect.',
  ACCOUNT_DISABLED: 'This account is disabled. Please contact support.',
  RESET_LINK_INVALID: 'This password reset link is not valid any more.',
  EMAIL_NOT_VERIFIED:
    'Confirm your email first: open the link we mailed you, or ask for a new one.',
  VERIFY_LINK_INVALID: 'This email confirmation link is not valid any more.',
  SECOND_FACTOR_INVALID: 'The code is not right or was already used.',
  SIGN_IN_CHALLENGE_INVALID: 'This sign-in is over: enter the email and password again.',
  TWO_FACTOR_ALREADY_ON: 'Two-factor sign-in is already on.',
  TWO_FACTOR_NOT_ON: 'Two-factor sign-in is not on.',
  TWO_FACTOR_REQUIRED_FOR_ROLE: 'Operator and agency accounts keep two-factor sign-in on.',
  TWO_FACTOR_REQUIRED:
    'Turn on two-factor sign-in on your Profile first: selling and the payout account need it.',
  STEP_UP_REQUIRED: 'Enter a code from your authenticator app again to make this change.',
  PASSKEY_NOT_VERIFIED: 'The passkey could not be checked. Try again.',
  PASSKEY_UNKNOWN: "This passkey is not one of this account's, or was removed.",
  PASSKEY_ALREADY_ADDED: 'This passkey is already added to your account.',
  PASSKEY_LIMIT_REACHED: 'Remove a passkey before adding another.',
  AGENCY_CODE_TAKEN: 'Another agency already has this code.',
  AGENCY_DISABLED: 'Your partner agency has been disabled. Please contact support.',
  AGENCY_CODE_DISABLED:
    'This partner agency is not taking new clients. Check the code with your agency.',
  AGENCY_NOT_TAKING_BUYS:
    'Your partner agency is not taking new buy requests at the moment. Please contact support.',
  FILE_REQUIRED: 'Choose a file to upload.',
  FILE_TYPE_NOT_ALLOWED: 'This file type is not accepted.',
  IMAGE_TOO_LARGE: 'This image is too large to process. Send a smaller photo.',
  IMAGE_PROCESSING_TIMEOUT:
    'This image took too long to process. Send a smaller photo, or save it as JPEG and send it again.',
  UPLOADS_BUSY:
    'Too many uploads are being processed right now. Wait a few seconds and send the file again.',
  KYC_ALREADY_REVIEWED: 'This document has already been reviewed.',
  MERCHANT_UNAVAILABLE: 'The merchant is not answering right now. Try again in a few minutes.',
  MERCHANT_ACCOUNT_REJECTED: 'The merchant did not accept this account number and password.',
  MERCHANT_NOT_AVAILABLE: 'This merchant is not available.',
  ACCOUNT_ALREADY_SAVED: 'This account is already saved.',
  ACCOUNT_HAS_OPEN_REQUESTS:
    'This account has open buy or sell requests. It can be deleted once they are completed or cancelled.',
  VERIFICATION_EXPIRED: 'The verification has expired. Verify the account again.',
  AMOUNT_OUT_OF_LIMITS: 'The amount is outside what this merchant accepts per request.',
  INSUFFICIENT_BALANCE: 'The amount is more than the available balance of this account.',
  RATE_NOT_SET: 'No rate has been set for this asset yet. Please try again later.',
  QUOTE_INVALID: 'This rate quote is not valid. Reload the page to get the current rate.',
  QUOTE_EXPIRED: 'The rate quote has expired. Check the new rate and request again.',
  DEPOSIT_ACCOUNT_MISSING:
    'Your partner agency has not set up its bank account for deposits yet. Please contact support.',
  IDEMPOTENCY_KEY_REQUIRED: 'This request needs an Idempotency-Key header.',
  IDEMPOTENCY_KEY_REUSED: 'This request key was already used for a different request.',
  IDEMPOTENCY_IN_PROGRESS: 'The same request is still being processed. Please wait a moment.',
  TRANSITION_NOT_ALLOWED: 'This transaction cannot be changed that way in its current status.',
  REASON_REQUIRED: 'Please give a reason.',
  PAYOUT_REFERENCE_REQUIRED: 'Enter the reference of the won payout.',
  NOT_EXPIRED: 'This request has not expired yet.',
  TEXT_TOO_LONG: 'This text is too long.',
  MERCHANT_INSUFFICIENT_FUNDS:
    "The merchant refused the debit: the account's balance there is too low.",
  MERCHANT_LINK_INVALID:
    'The merchant no longer accepts this saved account. Verify it again in Accounts.',
  WEBHOOK_SIGNATURE_INVALID: 'The signature of this notification is missing or wrong.',
  WEBHOOK_TIMESTAMP_STALE:
    'The timestamp of this notification is missing or too far from the current time.',
  WEBHOOK_REPLAYED: 'This notification was already received.',
  DEPOSIT_ALREADY_RECORDED: 'A deposit with this bank reference is already recorded.',
  DEPOSIT_REFERENCE_CONFLICT: 'This bank reference was recorded with another name, amount or time.',
  DEPOSIT_ALREADY_RESOLVED: 'This deposit has already been resolved.',
  STATEMENT_INVALID:
    'The bank statement file could not be read as CSV: a quote or a line is broken. Save it again from the bank or from Excel.',
  STATEMENT_EMPTY: 'The bank statement file has no lines.',
  STATEMENT_UNREADABLE:
    'This is not a bank statement the portal can read. Send a CSV file (UTF-8 or EUC-KR) or an Excel .xlsx file.',
  STATEMENT_TOO_MANY_LINES: 'The bank statement has too many lines. Split it into smaller files.',
  STATEMENT_COLUMNS_MISSING:
    'The bank statement has no header row with the columns a deposit needs: when, who and how much.',
  STATEMENT_NOT_PREVIEWED:
    'Preview this file first: an import takes exactly the file and the lines its preview showed.',
  STATEMENT_CHANGED:
    'Some lines would now do something else than the preview showed, so nothing was imported. Preview the file again.',
  KYC_REQUIRED: 'Verification is required before you can buy or sell.',
  MERCHANT_ACCOUNT_TAKEN: 'This merchant account is already saved by another portal user.',
  HOLDER_NAME_MISMATCH:
    'The merchant account is held in another name. Only an account in your own verified name can be saved.',
  NAME_LOCKED:
    'Your name is verified. To change it, send a name change request with a new identity document.',
  NAME_CHANGE_PENDING: 'A name change request is already waiting for review.',
  OPEN_BUY_REQUESTS: 'Your name cannot change while a buy request is open.',
  PAYEE_REQUIRED: 'Register the bank account your won is paid to before you sell.',
  QUOTE_RATE_CHANGED: 'The rate changed. Check the new rate and send the request again.',
  DEPOSIT_NOT_USABLE: 'This deposit has already been used or returned.',
  AMOUNT_DIFFERENCE_NOT_ACCEPTED:
    'The deposit amount differs from the request. Accept the difference to complete it at the deposited amount.',
  DEBIT_NOT_CONFIRMED: 'The merchant has not confirmed the debit of this sale yet.',
  SANDBOX_ACCOUNT_LIMIT: 'You already have as many sandbox accounts at this merchant as allowed.',
  MERCHANT_NOT_SANDBOX: 'Only sandbox merchants open test accounts.',
  DATE_RANGE_INVALID: 'Choose a start day on or before the end day, at most 92 days apart.',
  RATE_SELL_ABOVE_BUY:
    'The sell rate is above the buy rate: users would receive more for a unit than they pay for it.',
  RATE_CHANGE_NOT_CONFIRMED:
    'This change is larger than usual. Check the old and new rates and confirm the change.',
  APPROVAL_OWN_ACTION: 'You asked for this yourself. Another operator must approve or reject it.',
  APPROVAL_ALREADY_DECIDED:
    'This was already approved, rejected or withdrawn. Reload to see what happened.',
  APPROVAL_ALREADY_PENDING:
    'The same action already waits for approval. Approve, reject or withdraw that one first.',
} as const satisfies Record<ErrorCode, string>;

export interface AppErrorOptions {
  /** Field path -> validation message key (see @portal/contract/validation). */
  fields?: Record<string, string>;
  /** The underlying error, logged server-side and never sent to the client. */
  cause?: unknown;
  /** Seconds after which the same request may succeed: sent as the Retry-After header. */
  retryAfterSeconds?: number;
}

/**
 * An error meant for the client. Route and repository code throws it; the error handler turns
 * it into `{ error: { code, message, fields? } }` with the status of its code. The message is
 * sent as written, so it must be plain English for people and never include internals.
 *
 *   throw new AppError('NOT_FOUND', 'This account does not exist.');
 */
export class AppError extends Error {
  readonly status: number;
  readonly fields: Record<string, string> | undefined;
  readonly retryAfterSeconds: number | undefined;

  constructor(
    readonly code: ErrorCode,
    message: string = DEFAULT_MESSAGES[code],
    options: AppErrorOptions = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'AppError';
    this.status = STATUS_BY_CODE[code];
    this.fields = options.fields;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

export function errorBody(
  code: ErrorCode,
  message: string,
  fields?: Record<string, string>,
): ErrorBody {
  return { error: fields ? { code, message, fields } : { code, message } };
}
