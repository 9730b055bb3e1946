import { z } from 'zod';
import Big from 'big.js';
import { readDecimal, type DecimalProblem, type DecimalRule } from './decimal';
import { validationMessage, type ValidationMessageKey } from './validation-messages';

/**
 * Money on the wire is a decimal string, never a JSON number: 0.1 + 0.2 must stay exact, and
 * amounts above 2^53 must not lose digits. Asset amounts have up to 8 decimal places; Korean won
 * has no minor unit. PostgreSQL keeps them as NUMERIC.
 */
export const ASSET_DECIMALS = 8;

/** What each kind of number may hold: the places of the kind, the whole digits of its column. */
export const ASSET_AMOUNT: DecimalRule = { places: ASSET_DECIMALS, wholeDigits: 14 };
export const KRW_AMOUNT: DecimalRule = { places: 0, wholeDigits: 16 };
/** Won per unit of the asset, with at most 2 decimal places (1,392.50 KRW per USDT). */
export const RATE_KRW: DecimalRule = { places: 2, wholeDigits: 10 };

/** A merchant's limits per request, in the asset (`unit`), for the message that names them. */
export interface AmountLimits {
  readonly min: string;
  readonly max: string;
  readonly unit: string;
}

export type AmountCheck = { ok: true; value: string } | { ok: false; message: string };

const PROBLEM_MESSAGES: Record<Exclude<DecimalProblem, 'tooManyDecimals'>, ValidationMessageKey> = {
  empty: 'required',
  notNumber: 'numberInvalid',
  grouping: 'numberGrouping',
  leadingZero: 'numberLeadingZero',
  incomplete: 'numberIncomplete',
  negative: 'amountNotPositive',
  tooManyDigits: 'numberTooManyDigits',
};

/**
 * A number checked for a field: read with the one reader (decimal.ts `readDecimal`), more than
 * zero, and within `limits` when there are some. The answer is the plain value, or the message
 * key that says what is wrong, with the numbers it names. The forms show it as the person types
 * (docs/decisions/014); the API's schemas below use it with `grouping: false`.
 */
export function checkAmount(
  text: string,
  rule: DecimalRule,
  options: { grouping: boolean; limits?: AmountLimits; notPositive?: ValidationMessageKey },
): AmountCheck {
  const reading = readDecimal(text, rule, { grouping: options.grouping });
  const notPositive = options.notPositive ?? 'amountNotPositive';
  if (!reading.ok) {
    const { problem } = reading;
    let message: string;
    if (problem === 'tooManyDecimals') {
      message =
        rule.places === 0
          ? validationMessage('numberWholeWon')
          : validationMessage('numberTooManyDecimals', { places: rule.places });
    } else if (problem === 'grouping' && !options.grouping) {
      message = validationMessage('numberNotPlain');
    } else if (problem === 'tooManyDigits') {
      message = validationMessage('numberTooManyDigits', { digits: rule.wholeDigits });
    } else if (problem === 'negative') {
      message = validationMessage(notPositive);
    } else {
      message = validationMessage(PROBLEM_MESSAGES[problem]);
    }
    return { ok: false, message };
  }
  const { value } = reading;
  if (!/[1-9]/.test(value)) return { ok: false, message: validationMessage(notPositive) };
  const { limits } = options;
  if (limits) {
    const named = { min: limits.min, max: limits.max, unit: limits.unit };
    if (compareAmounts(value, limits.min) < 0) {
      return { ok: false, message: validationMessage('amountBelowMin', named) };
    }
    if (compareAmounts(value, limits.max) > 0) {
      return { ok: false, message: validationMessage('amountAboveMax', named) };
    }
  }
  return { ok: true, value };
}

/**
 * A number as a schema: the text in, the plain decimal string out. `grouping: true` for a form
 * (what people type), `false` for the API (docs/decisions/014: the wire keeps one form).
 */
export function amountSchema(
  rule: DecimalRule,
  options: { grouping: boolean; limits?: AmountLimits; notPositive?: ValidationMessageKey },
) {
  const notText = (issue: { input?: unknown }) =>
    issue.input === undefined || issue.input === null ? 'required' : 'numberInvalid';
  return z.string({ error: notText }).transform((text, context) => {
    const checked = checkAmount(text, rule, options);
    if (checked.ok) return checked.value;
    context.addIssue({ code: 'custom', message: checked.message });
    return z.NEVER;
  });
}

/** The same numbers as a person types them in a form: "1,000.5" in, "1000.5" out. */
export const typedAssetAmountSchema = amountSchema(ASSET_AMOUNT, { grouping: true });
export const typedKrwAmountSchema = amountSchema(KRW_AMOUNT, { grouping: true });
export const typedRateKrwSchema = amountSchema(RATE_KRW, {
  grouping: true,
  notPositive: 'rateNotPositive',
});

/** The API's asset amount (more than zero, up to 8 places), won amount and rate. */
export const assetAmountSchema = amountSchema(ASSET_AMOUNT, { grouping: false });
export const krwAmountSchema = amountSchema(KRW_AMOUNT, { grouping: false });
/** Set by the operator; a request locks the rate it was quoted. */
export const rateKrwSchema = amountSchema(RATE_KRW, {
  grouping: false,
  notPositive: 'rateNotPositive',
});

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

/**
 * Won as a bank's screen or statement prints them and people copy them: a won sign or unit at
 * either end ("₩1,392,500", "1,392,500원", "1392500 KRW") is dropped before the one reader
 * (docs/decisions/014), so "1,00원" is still refused for its comma, not taken as 100.
 */
export function withoutWonSign(text: string): string {
  return text.trim().replace(/^₩\s*|\s*(?:원|KRW)$/gi, '');
}

/** Whole won as written on a statement or typed: `withoutWonSign`, then the won reading. */
export function checkWon(text: string): AmountCheck {
  return checkAmount(withoutWonSign(text), KRW_AMOUNT, { grouping: true });
}
