import { z } from 'zod';
import { safeText } from './validation';

/** The four verification documents of docs/PRODUCT.md "Screens" (Profile). */
export const KYC_DOCUMENT_KINDS = ['id_front', 'id_back', 'selfie', 'bank_book'] as const;
export const kycDocumentKindSchema = z.enum(KYC_DOCUMENT_KINDS);
export type KycDocumentKind = z.infer<typeof kycDocumentKindSchema>;

/** `not_submitted` is never stored: it is what a kind without a document shows. */
export const KYC_STATUSES = ['not_submitted', 'submitted', 'approved', 'rejected'] as const;
export const kycStatusSchema = z.enum(KYC_STATUSES);
export type KycStatus = z.infer<typeof kycStatusSchema>;

export const MAX_KYC_FILE_BYTES = 10 * 1024 * 1024;

/** Decided by the file's content, never by its name or the browser's claim. */
export const KYC_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const KYC_ALLOWED_TYPES: Record<KycDocumentKind, readonly string[]> = {
  id_front: KYC_IMAGE_TYPES,
  id_back: KYC_IMAGE_TYPES,
  selfie: KYC_IMAGE_TYPES,
  bank_book: [...KYC_IMAGE_TYPES, 'application/pdf'],
};

export const kycDocumentSchema = z.object({
  id: z.string(),
  kind: kycDocumentKindSchema,
  status: kycStatusSchema,
  contentType: z.string(),
  sizeBytes: z.number().int(),
  uploadedAt: z.string(),
  reviewedAt: z.string().nullable(),
  rejectionReason: z.string().nullable(),
});
export type KycDocument = z.infer<typeof kycDocumentSchema>;

/** GET /api/kyc/documents: the current document of each kind (null: not submitted). */
export const myKycDocumentsResponseSchema = z.object({
  documents: z.object({
    id_front: kycDocumentSchema.nullable(),
    id_back: kycDocumentSchema.nullable(),
    selfie: kycDocumentSchema.nullable(),
    bank_book: kycDocumentSchema.nullable(),
  }),
});
export type MyKycDocumentsResponse = z.infer<typeof myKycDocumentsResponseSchema>;

/** GET /api/operator/kyc/documents?status=submitted: the review queue. */
export const kycReviewItemSchema = kycDocumentSchema.extend({
  user: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  /**
   * The operator who approved or rejected it (docs/decisions/023); null while it waits, or once
   * that operator's user is deleted. Shown to operators only: a user's own list does not name them.
   */
  reviewedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export const kycReviewQueueResponseSchema = z.object({ items: z.array(kycReviewItemSchema) });
export type KycReviewQueue = z.infer<typeof kycReviewQueueResponseSchema>;
export type KycReviewItem = z.infer<typeof kycReviewItemSchema>;

export const kycReviewQuerySchema = z.strictObject({
  status: kycStatusSchema.exclude(['not_submitted']).default('submitted'),
});

/** POST /api/operator/kyc/documents/:id/reject */
export const rejectKycDocumentRequestSchema = z.strictObject({
  reason: safeText({ max: 500 }),
});
export type RejectKycDocumentRequest = z.input<typeof rejectKycDocumentRequestSchema>;

export const documentIdParamsSchema = z.strictObject({ id: z.uuid({ error: 'invalid' }) });

/** POST /api/kyc/documents/:kind (multipart/form-data with one file in the field `file`). */
export const kycDocumentKindParamsSchema = z.strictObject({
  kind: z.enum(KYC_DOCUMENT_KINDS, { error: 'invalid' }),
});
