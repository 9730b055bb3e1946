import type { DepositSource } from '@portal/contract/transactions';
import type { PortalMetrics } from '@server/lib/metrics';
import type { RecordedDeposit } from './service';

/** The part of the metrics that deposit outcomes count on (lib/metrics.ts). */
export type DepositMetrics = Pick<
  PortalMetrics,
  'depositMatched' | 'depositInReview' | 'depositRefundDue' | 'depositDuplicate'
>;

/**
 * Counts what `recordDeposits` (service.ts) decided for each deposit, once its database
 * transaction has committed (docs/OPERATIONS.md). Not inside recordDeposits itself: it also runs
 * in the statement preview, which rolls everything back, and in the import's transaction, which
 * rolls back when a line changed since its preview; a deadlock retry runs it again. So each way a
 * deposit arrives calls this after its commit, and this one mapping says what each outcome is.
 */
export function countDepositOutcomes(
  metrics: DepositMetrics,
  source: DepositSource,
  recorded: readonly RecordedDeposit[],
): void {
  for (const { deposit, duplicate } of recorded) {
    if (duplicate) metrics.depositDuplicate(source);
    else if (deposit.status === 'settled') metrics.depositMatched(source);
    else if (deposit.status === 'refund_due' && deposit.refundReason) {
      metrics.depositRefundDue(source, deposit.refundReason);
    } else metrics.depositInReview(source, deposit.reviewReason ?? 'no_prior_request');
  }
}
