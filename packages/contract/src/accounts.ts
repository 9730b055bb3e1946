import { z } from 'zod';
import { atMost, safeText } from './validation';

/** Account numbers as merchants issue them: digits and letters, dashes allowed. */
export const accountNumberSchema = z
  .string({ error: 'required' })
  .trim()
  .min(1, { error: 'required' })
  .max(40, atMost())
  .regex(/^[A-Za-z0-9][A-Za-z0-9-]*$/, { error: 'accountNumberInvalid' });

/** The merchant password: used once to verify, never stored, logged or returned. */
export const merchantPasswordSchema = z
  .string({ error: 'required' })
  .min(1, { error: 'required' })
  .max(128, atMost());

/** POST /api/accounts/verify: asks the merchant whether the number and password are right. */
export const verifyAccountRequestSchema = z.strictObject({
  merchantId: z.uuid({ error: 'required' }),
  accountNumber: accountNumberSchema,
  password: merchantPasswordSchema,
});
export type VerifyAccountRequest = z.input<typeof verifyAccountRequestSchema>;

/** A verification, valid for a few minutes, that Submit turns into a saved account. */
export const verifyAccountResponseSchema = z.object({
  verificationId: z.string(),
  holderName: z.string(),
  accountNumber: z.string(),
  merchantId: z.string(),
  expiresAt: z.string(),
});
export type VerifyAccountResponse = z.infer<typeof verifyAccountResponseSchema>;

export const accountNameSchema = safeText({ max: 40 });

/** POST /api/accounts: saves a verified account; the name defaults to the holder's name. */
export const createAccountRequestSchema = z.strictObject({
  verificationId: z.uuid({ error: 'required' }),
  name: accountNameSchema.optional(),
});
export type CreateAccountRequest = z.input<typeof createAccountRequestSchema>;

export const accountSchema = z.object({
  id: z.string(),
  merchant: z.object({ id: z.string(), code: z.string(), name: z.string(), asset: z.string() }),
  accountNumber: z.string(),
  holderName: z.string(),
  /** The user's own name for the account (renamable). */
  name: z.string(),
  isDefault: z.boolean(),
  createdAt: z.string(),
});
export type Account = z.infer<typeof accountSchema>;
export const accountListResponseSchema = z.object({ items: z.array(accountSchema) });
export type AccountList = z.infer<typeof accountListResponseSchema>;

/** PATCH /api/accounts/:id */
export const renameAccountRequestSchema = z.strictObject({ name: accountNameSchema });
export type RenameAccountRequest = z.input<typeof renameAccountRequestSchema>;

export const accountIdParamsSchema = z.strictObject({ id: z.uuid({ error: 'invalid' }) });
