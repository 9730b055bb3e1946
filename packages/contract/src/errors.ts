/**
 * Every API error has this one shape: `{ error: { code, message, fields? } }`.
 * `code` is stable and is what clients branch on and translate; `message` is English text for
 * people reading logs or raw responses; `fields` maps a field path to its validation message key.
 */
export const ERROR_CODES = [
  'BAD_REQUEST',
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'CSRF_TOKEN_INVALID',
  'CROSS_SITE_REQUEST',
  'DEPLOYMENT_ROLE_MISMATCH',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'HEADERS_TOO_LARGE',
  'REQUEST_TIMEOUT',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'SERVICE_UNAVAILABLE',
  'INTERNAL_ERROR',
  // identity
  'INVALID_CREDENTIALS',
  'EMAIL_TAKEN',
  'AGENCY_CODE_UNKNOWN',
  'CURRENT_PASSWORD_WRONG',
  'ACCOUNT_DISABLED',
  // password reset by email (docs/SECURITY.md)
  'RESET_LINK_INVALID',
  // email verification (docs/decisions/027)
  'EMAIL_NOT_VERIFIED',
  'VERIFY_LINK_INVALID',
  // two-factor sign-in (docs/SECURITY.md)
  'SECOND_FACTOR_INVALID',
  'SIGN_IN_CHALLENGE_INVALID',
  'TWO_FACTOR_ALREADY_ON',
  'TWO_FACTOR_NOT_ON',
  'TWO_FACTOR_REQUIRED_FOR_ROLE',
  'TWO_FACTOR_REQUIRED',
  'STEP_UP_REQUIRED',
  // passkeys (docs/decisions/025)
  'PASSKEY_NOT_VERIFIED',
  'PASSKEY_UNKNOWN',
  'PASSKEY_ALREADY_ADDED',
  'PASSKEY_LIMIT_REACHED',
  'AGENCY_CODE_TAKEN',
  // a disabled partner agency (docs/decisions/022)
  'AGENCY_DISABLED',
  'AGENCY_CODE_DISABLED',
  'AGENCY_NOT_TAKING_BUYS',
  // files
  'FILE_REQUIRED',
  'FILE_TYPE_NOT_ALLOWED',
  // images refused before or while decoding, and uploads beyond those in flight (docs/SECURITY.md)
  'IMAGE_TOO_LARGE',
  'IMAGE_PROCESSING_TIMEOUT',
  'UPLOADS_BUSY',
  'KYC_ALREADY_REVIEWED',
  // merchants and accounts
  'MERCHANT_UNAVAILABLE',
  'MERCHANT_ACCOUNT_REJECTED',
  'MERCHANT_NOT_AVAILABLE',
  'ACCOUNT_ALREADY_SAVED',
  'ACCOUNT_HAS_OPEN_REQUESTS',
  'VERIFICATION_EXPIRED',
  // money
  'AMOUNT_OUT_OF_LIMITS',
  'INSUFFICIENT_BALANCE',
  'RATE_NOT_SET',
  'QUOTE_INVALID',
  'QUOTE_EXPIRED',
  'DEPOSIT_ACCOUNT_MISSING',
  'IDEMPOTENCY_KEY_REQUIRED',
  'IDEMPOTENCY_KEY_REUSED',
  'IDEMPOTENCY_IN_PROGRESS',
  'TRANSITION_NOT_ALLOWED',
  'REASON_REQUIRED',
  'PAYOUT_REFERENCE_REQUIRED',
  'NOT_EXPIRED',
  'TEXT_TOO_LONG',
  'MERCHANT_INSUFFICIENT_FUNDS',
  'MERCHANT_LINK_INVALID',
  'WEBHOOK_SIGNATURE_INVALID',
  'WEBHOOK_TIMESTAMP_STALE',
  'WEBHOOK_REPLAYED',
  'DEPOSIT_ALREADY_RECORDED',
  'DEPOSIT_REFERENCE_CONFLICT',
  'DEPOSIT_ALREADY_RESOLVED',
  'STATEMENT_INVALID',
  // statement import with a preview (docs/decisions/019)
  'STATEMENT_EMPTY',
  'STATEMENT_UNREADABLE',
  'STATEMENT_TOO_MANY_LINES',
  'STATEMENT_COLUMNS_MISSING',
  'STATEMENT_NOT_PREVIEWED',
  'STATEMENT_CHANGED',
  // money integrity (docs/decisions/010)
  'KYC_REQUIRED',
  'MERCHANT_ACCOUNT_TAKEN',
  'HOLDER_NAME_MISMATCH',
  'NAME_LOCKED',
  'NAME_CHANGE_PENDING',
  'OPEN_BUY_REQUESTS',
  'PAYEE_REQUIRED',
  'QUOTE_RATE_CHANGED',
  'DEPOSIT_NOT_USABLE',
  'AMOUNT_DIFFERENCE_NOT_ACCEPTED',
  'DEBIT_NOT_CONFIRMED',
  // sandbox merchants (docs/decisions/010)
  'SANDBOX_ACCOUNT_LIMIT',
  'MERCHANT_NOT_SANDBOX',
  // reports (docs/decisions/018)
  'DATE_RANGE_INVALID',
  // rate guard rails (docs/decisions/023)
  'RATE_SELL_ABOVE_BUY',
  'RATE_CHANGE_NOT_CONFIRMED',
  // four-eyes (docs/decisions/017)
  'APPROVAL_OWN_ACTION',
  'APPROVAL_ALREADY_DECIDED',
  'APPROVAL_ALREADY_PENDING',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export interface ErrorBody {
  error: {
    code: string;
    message: string;
    fields?: Record<string, string>;
  };
}

// Written by hand, not as a zod schema: the browser reads error bodies on every page, and this
// module is kept free of zod so the pages that only read do not load it.
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function isErrorBody(value: unknown): value is ErrorBody {
  if (!isRecord(value) || !isRecord(value.error)) return false;
  const { code, message, fields } = value.error;
  if (typeof code !== 'string' || typeof message !== 'string') return false;
  return (
    fields === undefined ||
    (isRecord(fields) && Object.values(fields).every((text) => typeof text === 'string'))
  );
}
