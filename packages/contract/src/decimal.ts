/**
 * Decimal strings as text, with no float and no library: the shapes both sides show and store.
 * Zod-free and dependency-free, so pages that only read amounts load nothing for them. The
 * arithmetic on amounts (exact sums, won totals) lives in money.ts.
 */

/**
 * The shortest form of a decimal string: PostgreSQL's NUMERIC(30, 8) gives "2.50000000", the
 * portal and the merchant API say "2.5"; "0.000" is "0" and "-0.0" is "0".
 */
export function trimDecimal(value: string): string {
  if (!value.includes('.')) return value;
  const trimmed = value.replace(/0+$/, '').replace(/\.$/, '');
  return trimmed === '' || trimmed === '-' || trimmed === '-0' ? '0' : trimmed;
}

/**
 * Digits grouped by thousands for reading ("1392500.5" -> "1,392,500.5"; "-1200" -> "-1,200"),
 * the fraction as written. English and Korean both group with commas. Anything that is not a
 * decimal string is returned as it came.
 */
export function groupDigits(value: string): string {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!match) return value;
  const [, sign = '', whole = '', fraction] = match;
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${grouped}${fraction === undefined ? '' : `.${fraction}`}`;
}

/**
 * How many digits a decimal may have: `places` after the point (8 for an asset, 0 for won, 2
 * for a rate) and `wholeDigits` before it (what the NUMERIC column holds).
 */
export interface DecimalRule {
  readonly places: number;
  readonly wholeDigits: number;
}

/** Why a text is not a decimal under a rule: one reason each, so each gets its own words. */
export type DecimalProblem =
  | 'empty'
  /** Letters, units ("1만", "USDT"), signs other than a leading minus, inner spaces, two points. */
  | 'notNumber'
  /** A comma that does not separate groups of three digits ("1,00", "1000,000"), or any comma
   * where grouping is not taken (the API). */
  | 'grouping'
  /** "007", "00.5": zeros in front of a whole number, which could be a mistyped "0.07". */
  | 'leadingZero'
  /** "10.", ".5": a point without a digit on one side, which could be a number cut short. */
  | 'incomplete'
  /** "-5": a number, but below zero. */
  | 'negative'
  | 'tooManyDecimals'
  | 'tooManyDigits';

export type DecimalReading =
  | { readonly ok: true; readonly value: string }
  | { readonly ok: false; readonly problem: DecimalProblem };

const NUMBER_LIKE = /^[\d,.]+$/;
const GROUPED_WHOLE = /^\d{1,3}(?:,\d{3})+$/;

/**
 * The one reading of a decimal a person typed (docs/decisions/014). Surrounding spaces are
 * dropped and, with `grouping` (the forms), commas between groups of three digits are taken as
 * Koreans write them ("1,000", "1,000.5"); everything else is refused with its reason rather than
 * guessed at. What is accepted has exactly one meaning: its value is the shortest plain decimal
 * string ("1,000.50" -> "1000.5"), which is what the API receives. No float, no library.
 *
 * `grouping: false` is the API's reading: the wire carries plain decimal strings only.
 */
export function readDecimal(
  text: string,
  rule: DecimalRule,
  { grouping }: { grouping: boolean },
): DecimalReading {
  const refuse = (problem: DecimalProblem): DecimalReading => ({ ok: false, problem });
  const trimmed = text.trim();
  if (trimmed === '') return refuse('empty');
  if (trimmed.startsWith('-')) {
    // Said as "below zero" only when the rest is a number the rule would take.
    return readDecimal(trimmed.slice(1), rule, { grouping }).ok
      ? refuse('negative')
      : refuse('notNumber');
  }
  if (!NUMBER_LIKE.test(trimmed)) return refuse('notNumber');
  const parts = trimmed.split('.');
  if (parts.length > 2) return refuse('notNumber');
  const [whole = '', fraction] = parts;
  if (whole === '' || fraction === '') return refuse('incomplete');
  if (fraction?.includes(',')) return refuse('grouping');
  let digits = whole;
  if (whole.includes(',')) {
    if (!grouping || !GROUPED_WHOLE.test(whole)) return refuse('grouping');
    digits = whole.replaceAll(',', '');
  }
  if (digits.length > 1 && digits.startsWith('0')) return refuse('leadingZero');
  if (digits.length > rule.wholeDigits) return refuse('tooManyDigits');
  if (fraction !== undefined && fraction.length > rule.places) return refuse('tooManyDecimals');
  return {
    ok: true,
    value: trimDecimal(fraction === undefined ? digits : `${digits}.${fraction}`),
  };
}
