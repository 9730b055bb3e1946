import { z } from 'zod';
import { emailSchema } from './auth';

/** The security events the audit log keeps. */
export const AUDIT_ACTIONS = [
  'sign_in',
  'sign_in_failed',
  'sign_out',
  'sign_up',
  'password_changed',
  'profile_changed',
  'kyc_uploaded',
  'kyc_approved',
  'kyc_rejected',
  'role_changed',
  'status_changed',
  'agency_created',
  'agency_changed',
  'agency_bank_account_changed',
  'merchant_credit_retried',
  'payee_changed',
  'transaction_cancelled_by_operator',
  'sandbox_account_topped_up',
  'sandbox_account_closed',
  'deposit_matched',
  'deposit_refund_due',
  'deposit_refunded',
  'deposit_written_off',
  'name_change_requested',
  'name_change_approved',
  'name_change_rejected',
] as const;
export const auditActionSchema = z.enum(AUDIT_ACTIONS, { error: 'invalid' });
export type AuditAction = z.infer<typeof auditActionSchema>;

export const AUDIT_PAGE_MAX = 100;
export const AUDIT_PAGE_DEFAULT = 50;

/** A calendar day in Korea (`2026-03-01`) or an instant with its offset. */
const instantSchema = z.union([z.iso.date(), z.iso.datetime({ offset: true })], {
  error: 'invalid',
});

/**
 * GET /api/operator/audit-events: newest first. `email` (as the user has it now, any case) or
 * `userId` matches who acted or whom the event is about; an email nobody has is refused on its
 * field (`userUnknown`), so a mistyped address does not read as "no events". `from` and `to` are
 * inclusive, and a date is a calendar day in Korea, as in the transaction lists: `from` starts
 * at 00:00 KST, `to` takes in its whole day. `cursor` is the `nextCursor` of the previous page.
 */
export const auditEventsQuerySchema = z.strictObject({
  action: auditActionSchema.optional(),
  email: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    emailSchema.optional(),
  ),
  userId: z.uuid({ error: 'invalid' }).optional(),
  from: instantSchema.optional(),
  to: instantSchema.optional(),
  limit: z.coerce
    .number({ error: 'invalid' })
    .int({ error: 'invalid' })
    .min(1, { error: 'invalid' })
    .max(AUDIT_PAGE_MAX, { error: 'invalid' })
    .default(AUDIT_PAGE_DEFAULT),
  cursor: z
    .string()
    .max(200, { error: 'invalid' })
    .regex(/^[\w-]+$/, { error: 'invalid' })
    .optional(),
});

export const auditEventSchema = z.object({
  id: z.string(),
  occurredAt: z.string(),
  action: z.string(),
  actorUserId: z.string().nullable(),
  subjectUserId: z.string().nullable(),
  /** The emails of who acted and whom it is about, as they are now (null once deleted). */
  actorEmail: z.string().nullable(),
  subjectEmail: z.string().nullable(),
  ip: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

/** `nextCursor` is null on the last page. */
export const auditEventsResponseSchema = z.object({
  items: z.array(auditEventSchema),
  nextCursor: z.string().nullable(),
});
export type AuditEventsResponse = z.infer<typeof auditEventsResponseSchema>;
