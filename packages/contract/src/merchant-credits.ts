import { z } from 'zod';
import { operatorTransactionSchema } from './transactions';
import { safeText } from './validation';

/**
 * Merchant credits the portal gave up on (docs/decisions/008): a completed buy whose asset the
 * merchant refused or never acknowledged after every retry. The won has arrived and the asset is
 * owed, so each waits for an operator, who fixes the cause (a relinked account, the merchant back
 * up) and sends it again.
 *
 *   GET  /api/operator/merchant-credits               the failed ones, oldest first
 *   POST /api/operator/transactions/:id/retry-credit  back into the outbox, tried at once
 */
export const failedCreditSchema = z.object({
  transaction: operatorTransactionSchema,
  attempts: z.number().int(),
  /** Why the last attempt failed, as the portal recorded it (for staff only). */
  lastError: z.string().nullable(),
});
export type FailedCredit = z.infer<typeof failedCreditSchema>;

export const failedCreditListResponseSchema = z.object({ items: z.array(failedCreditSchema) });
export type FailedCreditList = z.infer<typeof failedCreditListResponseSchema>;

export const retryCreditRequestSchema = z.strictObject({
  note: safeText({ max: 500 }).optional(),
});
