import { z } from 'zod';

/** A Korean bank account as a payer sees it: bank, number, holder. */
export const bankAccountSchema = z.object({
  bankName: z.string(),
  accountNumber: z.string(),
  accountHolder: z.string(),
});
export type BankAccount = z.infer<typeof bankAccountSchema>;
