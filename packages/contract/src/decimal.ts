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
