import { z } from 'zod';
import Big from 'big.js';

/**
 * Money on the wire is a decimal string, never a JSON number: 0.1 + 0.2 must stay exact, and
 * amounts above 2^53 must not lose digits. Asset amounts have up to 8 decimal places; Korean won
 * has no minor unit. PostgreSQL keeps them as NUMERIC.
 */
export const ASSET_DECIMALS = 8;

export const assetAmountSchema = z
  .string({ error: 'amountInvalid' })
  .trim()
  .regex(/^(0|[1-9]\d{0,13})(\.\d{1,8})?$/, { error: 'amountInvalid' })
  .refine((value) => /[1-9]/.test(value), { error: 'amountNotPositive' });

export const krwAmountSchema = z
  .string({ error: 'amountInvalid' })
  .trim()
  .regex(/^(0|[1-9]\d{0,15})$/, { error: 'amountInvalid' });

/**
 * A rate is Korean won per one unit of the asset, with at most 2 decimal places (1,392.50 KRW per
 * USDT). Set by the operator; a request locks the rate it was quoted.
 */
export const rateKrwSchema = z
  .string({ error: 'rateInvalid' })
  .trim()
  .regex(/^(0|[1-9]\d{0,9})(\.\d{1,2})?$/, { error: 'rateInvalid' })
  .refine((value) => /[1-9]/.test(value), { error: 'rateInvalid' });

/**
 * The won total of a request: amount x rate, rounded to whole won because KRW has no minor unit.
 * A buyer's total rounds up and a seller's rounds down, so the portal never gives away a fraction
 * of a won it does not have. One rule for the screen and the server: both call this.
 */
export function krwTotal(amount: string, rateKrw: string, side: 'buy' | 'sell'): string {
  return new Big(amount)
    .times(rateKrw)
    .round(0, side === 'buy' ? Big.roundUp : Big.roundDown)
    .toFixed(0);
}

/** Exact comparison of two decimal strings: -1, 0 or 1. */
export function compareAmounts(a: string, b: string): -1 | 0 | 1 {
  return new Big(a).cmp(b) as -1 | 0 | 1;
}

/** Exact a + b and a - b of decimal strings, as plain decimal strings without exponent. */
export function addAmounts(a: string, b: string): string {
  return new Big(a).plus(b).toFixed();
}
export function subtractAmounts(a: string, b: string): string {
  return new Big(a).minus(b).toFixed();
}

/**
 * The asset a won amount buys at a rate, rounded down to the asset's 8 places: a buy completed
 * at a deposited amount that differs from the request (docs/decisions/010) never gives more
 * asset than the won paid for.
 */
export function assetForKrw(amountKrw: string, rateKrw: string): string {
  return new Big(amountKrw).div(rateKrw).round(ASSET_DECIMALS, Big.roundDown).toFixed();
}
