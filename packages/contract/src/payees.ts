import { z } from 'zod';
import { mailLanguageSchema } from './auth';
import { KOREAN_BANKS, type BankCode } from './korean-banks';
import type { ValidationMessageKey } from './validation';

/**
 * The payee: the Korean bank account a seller's won is paid out to (docs/decisions/010). One per
 * user, held in the user's own (verified) name; a sell keeps a copy of it, so a later change never
 * redirects a payout already asked for.
 */

export { findKoreanBank, KOREAN_BANKS, type BankCode } from './korean-banks';

const BANK_CODES = KOREAN_BANKS.map((bank) => bank.code) as [BankCode, ...BankCode[]];

/** Digits with optional single dashes between them ("110-123-456789"), 10 to 16 digits. */
export const payeeAccountNumberSchema = z
  .string({ error: 'required' satisfies ValidationMessageKey })
  .trim()
  .min(1, { error: 'required' satisfies ValidationMessageKey })
  .refine((value) => /^\d+(-\d+)*$/.test(value) && /^\d{10,16}$/.test(value.replaceAll('-', '')), {
    error: 'payeeAccountNumberInvalid' satisfies ValidationMessageKey,
  });

/** PUT /api/payee: the signed-in user's payout account. The holder is always the user's name. */
export const payeeRequestSchema = z.strictObject({
  bankCode: z.enum(BANK_CODES, { error: 'payeeBankInvalid' satisfies ValidationMessageKey }),
  accountNumber: payeeAccountNumberSchema,
  /** The page's language, for the mail that tells the owner of the change. */
  language: mailLanguageSchema.optional(),
});
export type PayeeRequest = z.input<typeof payeeRequestSchema>;

/** The payee as saved (GET and PUT /api/payee), and as a sell keeps it. */
export const payeeSchema = z.object({
  bankCode: z.string(),
  /** English name from KOREAN_BANKS; absent for a code no longer in the list. */
  bankName: z.string().optional(),
  accountNumber: z.string(),
  holderName: z.string(),
});
export type Payee = z.infer<typeof payeeSchema>;

export const payeeResponseSchema = payeeSchema.extend({ updatedAt: z.string() });
export type PayeeResponse = z.infer<typeof payeeResponseSchema>;

/** GET /api/payee answers null when the user has registered none. */
export const payeeOrNullResponseSchema = payeeResponseSchema.nullable();
