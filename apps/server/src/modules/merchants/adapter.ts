/**
 * How the portal talks to a merchant (docs/PRODUCT.md "Merchants"). One interface, two implementations:
 * `http` for real merchants (docs/merchant-api.openapi.yaml) and `sandbox` built into the server.
 *
 * Every call takes an AbortSignal and must give up when it fires (the caller sets the timeout).
 * Calls that move money carry an idempotency key: the merchant applies a key once, and a retry
 * with the same key returns the first result, so a retry never pays twice.
 */
export interface MerchantAdapter {
  /** Checks an account number and password; returns the holder's name and a link token. */
  verifyAccount(
    input: { accountNumber: string; password: string },
    signal: AbortSignal,
  ): Promise<VerifiedAccount>;
  getBalance(account: LinkedAccount, signal: AbortSignal): Promise<{ balance: string }>;
  /** Adds `amount` of the asset to the account (a completed buy). */
  credit(transfer: Transfer, signal: AbortSignal): Promise<TransferResult>;
  /** Takes `amount` of the asset from the account (a completed sell). */
  debit(transfer: Transfer, signal: AbortSignal): Promise<TransferResult>;
}

export interface VerifiedAccount {
  holderName: string;
  /** The merchant's token for later calls on this account; stored encrypted, never shown. */
  linkToken: string;
}

export interface LinkedAccount {
  accountNumber: string;
  linkToken: string;
}

export interface Transfer extends LinkedAccount {
  /** Decimal string, up to 8 places. */
  amount: string;
  idempotencyKey: string;
  /** The portal's reference shown in the merchant's records (e.g. the transaction number). */
  reference: string;
}

export interface TransferResult {
  /** The merchant's id for the transfer. */
  transferId: string;
  balanceAfter: string;
  /** True when the merchant had already applied this idempotency key. */
  replayed: boolean;
}

/**
 * What went wrong, in the portal's terms. Adapters translate every failure into one of these;
 * nothing else escapes them.
 * - rejected_credentials: wrong password or unknown account (one kind, so the portal cannot be
 *   used to probe which account numbers exist)
 * - insufficient_funds: a debit larger than the balance
 * - link_invalid: the link token is no longer accepted (the user must verify again)
 * - unavailable: down, timed out, or answered nonsense; safe to retry with the same key
 */
export type MerchantErrorKind =
  'rejected_credentials' | 'insufficient_funds' | 'link_invalid' | 'unavailable';

/**
 * Finer detail for logs and tests, never for users: why a call counted as `unavailable`.
 * - network: no connection, or it broke; timeout: no answer in time; cancelled: the caller's
 *   signal fired; server_error: 5xx; bad_response: unparseable or not what the API documents;
 * - signature_rejected: the merchant refused the portal's signature (wrong key id or secret, or
 *   a clock more than 5 minutes off): a configuration problem, retrying will not help;
 * - idempotency_conflict: the key was already used for a different request: a portal bug;
 * - invalid_request: the merchant (or the sandbox) refused the request as malformed.
 */
export type MerchantErrorReason =
  | 'network'
  | 'timeout'
  | 'cancelled'
  | 'server_error'
  | 'bad_response'
  | 'signature_rejected'
  | 'idempotency_conflict'
  | 'invalid_request';

export class MerchantError extends Error {
  readonly reason: MerchantErrorReason | undefined;

  constructor(
    readonly kind: MerchantErrorKind,
    message: string,
    options?: { cause?: unknown; reason?: MerchantErrorReason },
  ) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'MerchantError';
    this.reason = options?.reason;
  }
}

/** Default time a merchant call may take before the portal gives up. */
export const MERCHANT_CALL_TIMEOUT_MS = 5_000;
