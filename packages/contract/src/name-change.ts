import { z } from 'zod';
import { personNameSchema } from './auth';
import { safeText } from './validation';

/**
 * A change of the verified name (docs/decisions/010). Once an operator has approved one of a
 * user's identity documents, the name deposits are matched by is a checked legal name: it changes
 * only through a request carrying a new identity document that an operator approves, and never
 * while a buy is open.
 */
export const NAME_CHANGE_STATUSES = ['submitted', 'approved', 'rejected'] as const;
export const nameChangeStatusSchema = z.enum(NAME_CHANGE_STATUSES);

export const nameChangeRequestSchema = z.object({
  id: z.string(),
  currentName: z.string(),
  requestedName: z.string(),
  status: nameChangeStatusSchema,
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  rejectionReason: z.string().nullable(),
});
export type NameChangeRequest = z.infer<typeof nameChangeRequestSchema>;

/**
 * GET /api/profile/name-change: whether the name is locked (an identity document approved), and
 * the user's latest request, if any.
 */
export const myNameChangeResponseSchema = z.object({
  nameLocked: z.boolean(),
  request: nameChangeRequestSchema.nullable(),
});
export type MyNameChangeResponse = z.infer<typeof myNameChangeResponseSchema>;

/** The text field of POST /api/profile/name-change, sent beside the document in `file`. */
export const NAME_CHANGE_NAME_FIELD = 'name';
export const nameChangeFieldsSchema = z.strictObject({ name: personNameSchema });

/** GET /api/operator/name-changes: the requests waiting for review, oldest first. */
export const nameChangeReviewItemSchema = nameChangeRequestSchema.extend({
  user: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  contentType: z.string(),
  sizeBytes: z.number().int(),
});
export type NameChangeReviewItem = z.infer<typeof nameChangeReviewItemSchema>;

export const nameChangeReviewQueueResponseSchema = z.object({
  items: z.array(nameChangeReviewItemSchema),
});
export type NameChangeReviewQueueResponse = z.infer<typeof nameChangeReviewQueueResponseSchema>;

export const nameChangeIdParamsSchema = z.strictObject({ id: z.uuid({ error: 'invalid' }) });

export const rejectNameChangeRequestSchema = z.strictObject({
  reason: safeText({ max: 500 }),
});
export type RejectNameChangeRequest = z.input<typeof rejectNameChangeRequestSchema>;
