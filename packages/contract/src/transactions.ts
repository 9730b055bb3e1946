/**
 * Transaction vocabulary shared by the server's rules and the web's screens.
 */
export const TRANSACTION_TYPES = ['buy', 'sell'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

/** The spec's own words (section 4), capitalised as the spec writes them, so they reach the UI unchanged. */
export const TRANSACTION_STATUSES = ['Requested', 'Pending', 'Completed', 'Cancelled'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

/**
 * Why a deposit waits for a person instead of completing its buy. Codes, not prose: the operator
 * queue filters on them and the user sees them translated.
 */
export const DEPOSIT_REVIEW_REASONS = [
  'amount_differs',
  'name_differs',
  'no_prior_request',
  'multiple_candidates',
  'request_expired',
] as const;
export type DepositReviewReason = (typeof DEPOSIT_REVIEW_REASONS)[number];
