import { z } from 'zod';

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
