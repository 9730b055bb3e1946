import { z } from 'zod';
import { safeText } from './validation';
import {
  REFUND_REASONS,
  TRANSACTION_STATUSES,
  calendarDateSchema,
  depositSchema,
  moveTextSchema,
} from './transactions';

/**
 * The operator's decisions on a deposit (docs/decisions/010): match it to one buy, or refund
 * it, then record the refund's bank transfer or write it off. The deposit lists themselves are
 * in transactions.ts.
 *
 *   GET  /api/operator/deposits/:id            the deposit and the buys it could pay
 *   POST /api/operator/deposits/:id/match      { transactionId, acceptAmountDifference, note }
 *   POST /api/operator/deposits/:id/refund     { reason, transactionId?, note }    review -> refund due
 *   POST /api/operator/deposits/:id/refunded   { bankReference, refundedOn }       refund due -> refunded
 *   POST /api/operator/deposits/:id/write-off  { reason }                          review | refund due -> written off
 */

/** A buy the deposit could pay, side by side with it. */
export const depositCandidateSchema = z.object({
  id: z.string(),
  number: z.string(),
  status: z.enum(TRANSACTION_STATUSES),
  userName: z.string(),
  userEmail: z.string(),
  amount: z.string(),
  asset: z.string(),
  rateKrw: z.string(),
  totalKrw: z.string(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  /** The account the buy showed for the deposit (its snapshot). */
  depositAccountNumber: z.string().nullable(),
  depositBankName: z.string().nullable(),
  /** Deposit minus request in won: 0 when they agree. */
  differenceKrw: z.string(),
  /** The asset the buy would complete with at the deposited amount and its locked rate. */
  amountAtDeposit: z.string(),
  /** Whether matching is possible now (a Requested or Pending buy not yet paid). */
  matchable: z.boolean(),
});
export type DepositCandidate = z.infer<typeof depositCandidateSchema>;

export const depositDetailResponseSchema = z.object({
  deposit: depositSchema,
  candidates: z.array(depositCandidateSchema),
});
export type DepositDetail = z.infer<typeof depositDetailResponseSchema>;

export const matchDepositRequestSchema = z.strictObject({
  transactionId: z.uuid({ error: 'required' }),
  /**
   * When the deposit's won differs from the request: the operator accepts that the buy completes
   * at the deposited amount, with the asset recomputed at the request's locked rate. Without it
   * such a match is refused (AMOUNT_DIFFERENCE_NOT_ACCEPTED).
   */
  acceptAmountDifference: z.boolean().default(false),
  note: moveTextSchema.optional(),
});
export type MatchDepositRequest = z.input<typeof matchDepositRequestSchema>;

export const refundDepositRequestSchema = z.strictObject({
  reason: z.enum(REFUND_REASONS, { error: 'required' }),
  /** The request the won was meant for, so its owner sees the refund on it. */
  transactionId: z.uuid().optional(),
  note: moveTextSchema.optional(),
});
export type RefundDepositRequest = z.input<typeof refundDepositRequestSchema>;

export const markRefundedRequestSchema = z.strictObject({
  /** The bank's reference of the transfer back to the sender. */
  bankReference: safeText({ max: 100 }),
  /** The day the bank sent it back (not in the future). */
  refundedOn: calendarDateSchema,
});
export type MarkRefundedRequest = z.input<typeof markRefundedRequestSchema>;

export const writeOffDepositRequestSchema = z.strictObject({ reason: moveTextSchema });
export type WriteOffDepositRequest = z.input<typeof writeOffDepositRequestSchema>;
