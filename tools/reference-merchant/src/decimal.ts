/**
 * Exact decimal amounts with up to 8 places, as bigint counts of 10^-8 units. No float ever
 * touches a balance: "0.1" + "0.2" is exactly "0.3".
 */
export const DECIMALS = 8;
const SCALE = 10n ** BigInt(DECIMALS);

/** A non-negative decimal string: up to 22 digits before the point and 8 after. */
const DECIMAL_PATTERN = /^(0|[1-9]\d{0,21})(\.\d{1,8})?$/;

/** The amount in units of 10^-8, or undefined when the text is not a valid decimal string. */
export function parseDecimal(text: unknown): bigint | undefined {
  if (typeof text !== 'string' || !DECIMAL_PATTERN.test(text)) return undefined;
  const [whole = '0', fraction = ''] = text.split('.');
  return BigInt(whole) * SCALE + BigInt(fraction.padEnd(DECIMALS, '0'));
}

/** The shortest decimal string for an amount: 150000000n -> "1.5", 0n -> "0". */
export function formatDecimal(units: bigint): string {
  const sign = units < 0n ? '-' : '';
  const absolute = units < 0n ? -units : units;
  const whole = absolute / SCALE;
  const fraction = (absolute % SCALE).toString().padStart(DECIMALS, '0').replace(/0+$/, '');
  return `${sign}${whole}${fraction ? `.${fraction}` : ''}`;
}
