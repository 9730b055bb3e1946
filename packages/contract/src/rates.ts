import Big from 'big.js';

/**
 * A new rate more than this many percent away from the asset's current rate (either side) is
 * saved only when the operator has confirmed it, having seen old -> new (docs/decisions/023).
 * A won rate of a stable asset moves well under 1% a day; 5% catches a typed 139,250 for
 * 1,392.50, or 0.50, while an ordinary change is saved without a second question.
 */
export const RATE_DEVIATION_CONFIRM_PERCENT = 5;

/** The change from one rate to another in percent of the first, to 2 places (-0.54, 9900). */
export function rateChangePercent(from: string, to: string): string {
  return new Big(to).minus(from).div(from).times(100).round(2, Big.roundHalfUp).toFixed(2);
}

/** Whether a rate moved from `from` to `to` by more than the deviation that needs a confirmation. */
export function rateChangeNeedsConfirmation(from: string, to: string): boolean {
  return new Big(to)
    .minus(from)
    .abs()
    .times(100)
    .gt(new Big(from).times(RATE_DEVIATION_CONFIRM_PERCENT));
}
