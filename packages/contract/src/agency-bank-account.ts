import { z } from 'zod';
import { approvalSchema } from './approvals';
import { bankAccountSchema } from './bank-account';
import { safeText, type ValidationMessageKey } from './validation';

/**
 * The Partner Agency Bank Account (docs/PRODUCT.md "Screens"): the Korean bank account an agency's clients
 * transfer the won of their buy requests to. The agency maintains it; clients read it through
 * GET /api/deposit-account (transactions.ts).
 */

/**
 * A Korean bank account number as banks print it: digits grouped by dashes ("123-456-789012"),
 * 6 to 30 characters, starting and ending with a digit, never two dashes in a row.
 */
export const bankAccountNumberSchema = z
  .string({ error: 'required' satisfies ValidationMessageKey })
  .trim()
  .min(1, { error: 'required' satisfies ValidationMessageKey })
  .regex(/^(?!.*--)\d[\d-]{4,28}\d$/, {
    error: 'bankAccountNumberInvalid' satisfies ValidationMessageKey,
  });

/** The bank's name as its customers know it (국민은행, KB Kookmin Bank). */
export const bankNameSchema = safeText({ max: 60 });
/** The account holder's name exactly as the bank shows it to a payer. */
export const bankAccountHolderSchema = safeText({ max: 100 });

/** PUT /api/agency/bank-account (role agency): replaces its own agency's account, all three fields. */
export const agencyBankAccountRequestSchema = z.strictObject({
  bankName: bankNameSchema,
  accountNumber: bankAccountNumberSchema,
  accountHolder: bankAccountHolderSchema,
});
export type AgencyBankAccountRequest = z.input<typeof agencyBankAccountRequestSchema>;

// In its own file so that approvals.ts (which names an account) and this file (which names an
// approval) do not import each other.
export type { BankAccount } from './bank-account';

/**
 * GET /api/agency/bank-account (and PUT when nothing changed) answer with the agency and its
 * account in force (null until it is set up). A new account waits for an operator's approval
 * (docs/decisions/017): `proposal` is the one waiting, `lastRejected` the latest proposal an
 * operator rejected when no proposal was approved after it (its `rejectionReason` says why).
 * PUT with a new account answers 202 { approval } (approvalRequestedSchema).
 */
export const agencyBankAccountResponseSchema = z.object({
  agency: z.object({ id: z.string(), code: z.string(), name: z.string() }),
  account: bankAccountSchema.nullable(),
  proposal: approvalSchema.nullable(),
  lastRejected: approvalSchema.nullable(),
});
export type AgencyBankAccountResponse = z.infer<typeof agencyBankAccountResponseSchema>;
