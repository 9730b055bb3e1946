import { z } from 'zod';
import { assetAmountSchema, compareAmounts } from './money';
import { atLeast, atMost, safeText } from './validation';

export const MERCHANT_STATUSES = ['active', 'disabled'] as const;
/** How the portal reaches a merchant: its HTTP API, or the sandbox merchant built into the server. */
export const MERCHANT_CONNECTIONS = ['http', 'sandbox'] as const;

export const merchantCodeSchema = z
  .string({ error: 'required' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9][A-Z0-9-]{1,19}$/, { error: 'merchantCodeInvalid' });

export const assetCodeSchema = z
  .string({ error: 'required' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{2,10}$/, { error: 'assetCodeInvalid' });

/** What users see of a merchant when choosing one. */
export const merchantSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  asset: z.string(),
  minPerRequest: z.string(),
  maxPerRequest: z.string(),
  /** A sandbox merchant: users may open test accounts there (docs/decisions/011). */
  sandbox: z.boolean(),
});
export type Merchant = z.infer<typeof merchantSchema>;
export const merchantListResponseSchema = z.object({ items: z.array(merchantSchema) });
export type MerchantList = z.infer<typeof merchantListResponseSchema>;

/** What operators see. The secret is never returned, only whether one is set. */
export const operatorMerchantSchema = merchantSchema.extend({
  status: z.enum(MERCHANT_STATUSES),
  connection: z.enum(MERCHANT_CONNECTIONS),
  baseUrl: z.string().nullable(),
  keyId: z.string().nullable(),
  hasSecret: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type OperatorMerchant = z.infer<typeof operatorMerchantSchema>;
export const operatorMerchantListResponseSchema = z.object({
  items: z.array(operatorMerchantSchema),
});
export type OperatorMerchantList = z.infer<typeof operatorMerchantListResponseSchema>;

const merchantFields = {
  name: safeText({ max: 80 }),
  code: merchantCodeSchema,
  asset: assetCodeSchema,
  minPerRequest: assetAmountSchema,
  maxPerRequest: assetAmountSchema,
  connection: z.enum(MERCHANT_CONNECTIONS, { error: 'invalid' }),
  /** http connections only: the merchant API's base URL (https, or http on loopback). */
  baseUrl: z
    .url({ protocol: /^https?$/, error: 'urlInvalid' })
    .max(300, atMost())
    .nullish(),
  keyId: safeText({ max: 80 }).nullish(),
  /** Shared HMAC secret for signing requests; write-only. */
  secret: z.string().min(16, atLeast('secretTooShort')).max(200, atMost()).nullish(),
};

/** Exact, as money is (docs/PRODUCT.md "Money"); the amounts are plain decimals by now. */
function limitsInOrder(value: { minPerRequest?: string; maxPerRequest?: string }) {
  if (value.minPerRequest === undefined || value.maxPerRequest === undefined) return true;
  return compareAmounts(value.minPerRequest, value.maxPerRequest) <= 0;
}

export const createMerchantRequestSchema = z
  .strictObject(merchantFields)
  .refine(limitsInOrder, { error: 'limitsOutOfOrder', path: ['maxPerRequest'] })
  .refine(
    (value) => value.connection !== 'http' || (value.baseUrl && value.keyId && value.secret),
    {
      error: 'httpConnectionIncomplete',
      path: ['baseUrl'],
    },
  );
export type CreateMerchantRequest = z.input<typeof createMerchantRequestSchema>;

export const updateMerchantRequestSchema = z
  .strictObject({
    ...merchantFields,
    status: z.enum(MERCHANT_STATUSES, { error: 'invalid' }),
  })
  .partial()
  .refine(limitsInOrder, { error: 'limitsOutOfOrder', path: ['maxPerRequest'] });
export type UpdateMerchantRequest = z.input<typeof updateMerchantRequestSchema>;
