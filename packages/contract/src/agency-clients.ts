import { z } from 'zod';
import { KYC_DOCUMENT_KINDS, kycStatusSchema } from './kyc';
import { TRANSACTION_STATUSES, TRANSACTION_TYPES } from './transactions';
import { safeText } from './validation';

/** A search box: empty is no search; otherwise trimmed, NFC, and refused when script-like. */
export const searchTextSchema = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  safeText({ max: 100 }).optional(),
);

/** A page number of a paged list. */
export const pageNumberSchema = z.coerce
  .number({ error: 'invalid' })
  .int({ error: 'invalid' })
  .min(1, { error: 'invalid' })
  .max(100_000, { error: 'invalid' })
  .default(1);

/** Clients per page of the agency's Clients screen. */
export const CLIENT_PAGE_SIZE_DEFAULT = 20;
export const CLIENT_PAGE_SIZE_MAX = 100;

/**
 * GET /api/agency/clients: the clients registered under the signed-in agency user's agency.
 * `q` matches name, email or phone (as typed, and the phone also by its digits alone).
 */
export const agencyClientsQuerySchema = z.strictObject({
  q: searchTextSchema,
  page: pageNumberSchema,
  pageSize: z.coerce
    .number({ error: 'invalid' })
    .int({ error: 'invalid' })
    .min(1, { error: 'invalid' })
    .max(CLIENT_PAGE_SIZE_MAX, { error: 'invalid' })
    .default(CLIENT_PAGE_SIZE_DEFAULT),
});

/**
 * A client as its agency sees it. `kycStatus` sums up the four identity documents: not_submitted
 * (none yet), rejected (any rejected), approved (all four approved), otherwise submitted (waiting
 * for review). `volumeKrw` is the won total of the client's completed transactions.
 */
export const agencyClientSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  kycStatus: kycStatusSchema,
  joinedAt: z.string(),
  transactionCount: z.number().int(),
  volumeKrw: z.string(),
});
export type AgencyClient = z.infer<typeof agencyClientSchema>;

export const agencyClientListResponseSchema = z.object({
  items: z.array(agencyClientSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AgencyClientList = z.infer<typeof agencyClientListResponseSchema>;

export const agencyClientIdParamsSchema = z.strictObject({ id: z.uuid({ error: 'invalid' }) });

/** The last transactions shown on a client's detail. */
export const CLIENT_RECENT_TRANSACTIONS = 5;

export const agencyClientTransactionSchema = z.object({
  id: z.string(),
  number: z.string(),
  type: z.enum(TRANSACTION_TYPES),
  status: z.enum(TRANSACTION_STATUSES),
  merchantName: z.string(),
  asset: z.string(),
  amount: z.string(),
  totalKrw: z.string(),
  createdAt: z.string(),
});

/** GET /api/agency/clients/:id */
export const agencyClientDetailSchema = agencyClientSchema.extend({
  kycDocuments: z.array(z.object({ kind: z.enum(KYC_DOCUMENT_KINDS), status: kycStatusSchema })),
  merchantAccountCount: z.number().int(),
  recentTransactions: z.array(agencyClientTransactionSchema),
});
export type AgencyClientDetail = z.infer<typeof agencyClientDetailSchema>;
export const agencyClientDetailResponseSchema = z.object({ client: agencyClientDetailSchema });
export type AgencyClientDetailResponse = z.infer<typeof agencyClientDetailResponseSchema>;
