import { z } from 'zod';
import { isKeptDay, isKeptInstant } from './korea-time';
import { emailSchema } from './auth';
import { EXPORT_LANGUAGES } from './transactions';
import { atMost } from './validation';

/** What the audit trail records: security events, and every money and settings action. */
export const AUDIT_ACTIONS = [
  'sign_in',
  'sign_in_failed',
  'sign_out',
  'sign_up',
  'password_changed',
  'password_reset_requested',
  'password_reset',
  'email_verification_sent',
  'email_verified',
  'two_factor_enabled',
  'two_factor_disabled',
  'recovery_codes_renewed',
  'recovery_code_used',
  'passkey_added',
  'passkey_removed',
  'session_ended_by_user',
  'sessions_ended_by_operator',
  'profile_changed',
  'kyc_uploaded',
  'kyc_approved',
  'kyc_rejected',
  'role_changed',
  'status_changed',
  'agency_created',
  'agency_changed',
  'agency_disabled',
  'agency_enabled',
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
  'deposit_reference_conflict',
  'name_change_requested',
  'name_change_approved',
  'name_change_rejected',
  'merchant_created',
  'merchant_changed',
  'deposit_recorded',
  'statement_imported',
  'rate_changed',
  'payout_started',
  'payout_completed',
  'approval_requested',
  'approval_approved',
  'approval_rejected',
  'approval_withdrawn',
] as const;
export const auditActionSchema = z.enum(AUDIT_ACTIONS, { error: 'invalid' });
export type AuditAction = z.infer<typeof auditActionSchema>;

/**
 * What an event is about besides a user, for the filter by object (docs/decisions/020). Its
 * `objectId` is the reference people use for it: a transaction's number, a deposit's bank
 * reference, a merchant's or an agency's code, a rate's asset.
 */
export const AUDIT_OBJECT_TYPES = [
  'transaction',
  'deposit',
  'statement',
  'merchant',
  'rate',
  'agency',
  'sandbox_account',
] as const;
export type AuditObjectType = (typeof AUDIT_OBJECT_TYPES)[number];

/** Whose email the filter matches: who acted, whom the event is about, or either. */
export const AUDIT_EMAIL_ROLES = ['either', 'actor', 'subject'] as const;
export type AuditEmailRole = (typeof AUDIT_EMAIL_ROLES)[number];

export const AUDIT_PAGE_MAX = 100;
export const AUDIT_PAGE_DEFAULT = 50;

/** A calendar day in Korea (`2026-03-01`) or an instant with its offset. */
const instantSchema = z
  .union([z.iso.date(), z.iso.datetime({ offset: true })], { error: 'invalid' })
  // Only days the portal keeps (korea-time.ts): year 9999 is a typing mistake, not a filter.
  .refine((value) => (value.length === 10 ? isKeptDay(value) : isKeptInstant(value)), {
    error: 'dateOutOfRange',
  });

/**
 * GET /api/operator/audit-events: newest first. `email` (as the user has it now, any case) or
 * `userId` matches who acted or whom the event is about; an email nobody has is refused on its
 * field (`userUnknown`), so a mistyped address does not read as "no events". `from` and `to` are
 * inclusive, and a date is a calendar day in Korea, as in the transaction lists: `from` starts
 * at 00:00 KST, `to` takes in its whole day. `cursor` is the `nextCursor` of the previous page.
 */
const blankIsAbsent = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/** The filters of the audit log and its exports. */
const auditFilterShape = {
  action: auditActionSchema.optional(),
  email: z.preprocess(blankIsAbsent, emailSchema.optional()),
  /** Whose email `email` is: who acted, whom it is about, or either (the default). */
  emailRole: z.enum(AUDIT_EMAIL_ROLES, { error: 'invalid' }).default('either'),
  userId: z.uuid({ error: 'invalid' }).optional(),
  objectType: z.enum(AUDIT_OBJECT_TYPES, { error: 'invalid' }).optional(),
  /** The object's reference as people write it (B00000012, a bank reference, HANBIT), any case. */
  objectId: z.preprocess(
    blankIsAbsent,
    z
      .string()
      .trim()
      .max(100, atMost())
      .regex(/^[\w.:/-]+$/, { error: 'invalid' })
      .optional(),
  ),
  from: instantSchema.optional(),
  to: instantSchema.optional(),
};

export const auditEventsQuerySchema = z.strictObject({
  ...auditFilterShape,
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

/** GET /api/operator/audit-events/export.csv|.xlsx: every filtered event, newest first. */
export const auditExportQuerySchema = z.strictObject({
  ...auditFilterShape,
  lang: z.enum(EXPORT_LANGUAGES).default('en'),
});

export const auditEventSchema = z.object({
  id: z.string(),
  /** The event's place in the chain: 1, 2, 3 ... */
  seq: z.number().int(),
  occurredAt: z.string(),
  action: z.string(),
  actorUserId: z.string().nullable(),
  subjectUserId: z.string().nullable(),
  /** The emails of who acted and whom it is about, as they are now (null once deleted). */
  actorEmail: z.string().nullable(),
  subjectEmail: z.string().nullable(),
  ip: z.string().nullable(),
  objectType: z.string().nullable(),
  objectId: z.string().nullable(),
  /** Facts of the event; a change says what it was and what it became (`before`, `after`). */
  details: z.record(z.string(), z.unknown()),
  /** The hash the event was chained with (docs/decisions/020). */
  hash: z.string(),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

/** `nextCursor` is null on the last page. */
export const auditEventsResponseSchema = z.object({
  items: z.array(auditEventSchema),
  nextCursor: z.string().nullable(),
});
export type AuditEventsResponse = z.infer<typeof auditEventsResponseSchema>;

/**
 * GET /api/operator/audit-events/chain: whether the trail is the chain the database wrote
 * (docs/decisions/020). `firstBroken` names the first row that breaks it: a row missing before
 * it (`gap`), its content changed (`hash`), or not following the row before (`link`). `head` is
 * the last row's number and hash, worth noting elsewhere: rows removed from the very end leave a
 * shorter chain that is whole.
 */
export const auditChainReportSchema = z.object({
  intact: z.boolean(),
  rows: z.number().int(),
  head: z.object({ seq: z.number().int(), hash: z.string() }).nullable(),
  firstBroken: z
    .object({ seq: z.number().int(), reason: z.enum(['gap', 'hash', 'link']) })
    .nullable(),
});
export type AuditChainReport = z.infer<typeof auditChainReportSchema>;
