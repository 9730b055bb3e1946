import { z } from 'zod';
import { assetAmountSchema } from './money';

/**
 * Sandbox accounts: test accounts a user opens at a sandbox merchant in their own name, then
 * links the normal way (docs/decisions/011-sandbox-accounts.md).
 */

/** POST /api/sandbox/accounts */
export const openSandboxAccountRequestSchema = z.strictObject({
  merchantId: z.uuid({ error: 'required' }),
});
export type OpenSandboxAccountRequest = z.input<typeof openSandboxAccountRequestSchema>;

const sandboxMerchantRefSchema = z.object({ id: z.string(), name: z.string(), asset: z.string() });

/** The answer to opening one: the only time the password is ever shown. */
export const openedSandboxAccountSchema = z.object({
  merchant: sandboxMerchantRefSchema,
  accountNumber: z.string(),
  password: z.string(),
  holderName: z.string(),
  /** Decimal string. */
  balance: z.string(),
});
export type OpenedSandboxAccount = z.infer<typeof openedSandboxAccountSchema>;

/** GET /api/sandbox/accounts: the user's own sandbox accounts, never a password. */
export const sandboxAccountSchema = z.object({
  merchant: sandboxMerchantRefSchema,
  accountNumber: z.string(),
  holderName: z.string(),
  balance: z.string(),
  openedAt: z.string(),
  closedAt: z.string().nullable(),
});
export type SandboxAccount = z.infer<typeof sandboxAccountSchema>;
export const sandboxAccountListResponseSchema = z.object({ items: z.array(sandboxAccountSchema) });
export type SandboxAccountList = z.infer<typeof sandboxAccountListResponseSchema>;

/** GET /api/operator/merchants/:id/sandbox-accounts */
export const operatorSandboxAccountSchema = z.object({
  accountNumber: z.string(),
  holderName: z.string(),
  balance: z.string(),
  /** Null for seeded (demo) accounts, or once that user is deleted. */
  openedBy: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
  openedAt: z.string(),
  closedAt: z.string().nullable(),
});
export type OperatorSandboxAccount = z.infer<typeof operatorSandboxAccountSchema>;
export const operatorSandboxAccountListResponseSchema = z.object({
  items: z.array(operatorSandboxAccountSchema),
});
export type OperatorSandboxAccountList = z.infer<typeof operatorSandboxAccountListResponseSchema>;

export const sandboxAccountParamsSchema = z.strictObject({
  id: z.uuid({ error: 'invalid' }),
  accountNumber: z.string().min(1).max(40),
});

/** POST /api/operator/merchants/:id/sandbox-accounts/:accountNumber/top-up */
export const topUpSandboxAccountRequestSchema = z.strictObject({ amount: assetAmountSchema });
export type TopUpSandboxAccountRequest = z.input<typeof topUpSandboxAccountRequestSchema>;
