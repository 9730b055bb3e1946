/** A non-negative decimal string with up to 22 digits before the point and 8 after. */
export const MERCHANT_DECIMAL_PATTERN = /^(0|[1-9]\d{0,21})(\.\d{1,8})?$/;

/** Whether `value` is a decimal string the merchant API accepts as an amount (more than 0). */
export function isPositiveAmount(value: string): boolean {
  return MERCHANT_DECIMAL_PATTERN.test(value) && /[1-9]/.test(value);
}
