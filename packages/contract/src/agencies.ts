import { z } from 'zod';
import {
  agencyCodeSchema,
  emailSchema,
  passwordSchema,
  personNameSchema,
  phoneSchema,
} from './auth';
import {
  bankAccountHolderSchema,
  bankAccountNumberSchema,
  bankNameSchema,
} from './agency-bank-account';
import { atLeast, safeText } from './validation';

/** An agency code of a new agency: 2 to 20 capital letters, digits or dashes (SEOUL-01). */
export const newAgencyCodeSchema = agencyCodeSchema.min(2, atLeast('tooShort'));

export const agencyNameSchema = safeText({ max: 80 });

/** The Partner Agency Bank Account clients pay their buy requests into (same rules as the agency's own edit). */
export const agencyBankAccountFieldsSchema = z.strictObject({
  bankName: bankNameSchema,
  bankAccountNumber: bankAccountNumberSchema,
  bankAccountHolder: bankAccountHolderSchema,
});

/** The agency's first agency user, who signs in with this email and password. */
export const newAgencyUserSchema = z.strictObject({
  name: personNameSchema,
  email: emailSchema,
  phone: phoneSchema,
  password: passwordSchema,
});

/**
 * POST /api/operator/agencies: an agency with its bank account and its first agency user, made
 * together or not at all (409 AGENCY_CODE_TAKEN, 409 EMAIL_TAKEN).
 */
export const createAgencyRequestSchema = agencyBankAccountFieldsSchema.extend({
  code: newAgencyCodeSchema,
  name: agencyNameSchema,
  user: newAgencyUserSchema,
});
export type CreateAgencyRequest = z.input<typeof createAgencyRequestSchema>;

/** PATCH /api/operator/agencies/:id: its name and bank account (the code never changes). */
export const updateAgencyRequestSchema = agencyBankAccountFieldsSchema.extend({
  name: agencyNameSchema,
});
export type UpdateAgencyRequest = z.input<typeof updateAgencyRequestSchema>;

/** An active agency works as usual; a disabled one is stopped (docs/decisions/022). */
export const AGENCY_STATUSES = ['active', 'disabled'] as const;
export type AgencyStatus = (typeof AGENCY_STATUSES)[number];

/**
 * PUT /api/operator/agencies/:id/status. Disabling needs a reason (kept in the audit trail),
 * ends its agency users' sessions, refuses their sign-in, sign-ups with its code and new buys
 * into its bank account; enabling restores all of that. Buys already made keep their account.
 */
export const changeAgencyStatusRequestSchema = z.discriminatedUnion(
  'status',
  [
    z.strictObject({ status: z.literal('disabled'), reason: safeText({ max: 500 }) }),
    z.strictObject({ status: z.literal('active') }),
  ],
  { error: 'invalid' },
);
export type ChangeAgencyStatusRequest = z.input<typeof changeAgencyStatusRequestSchema>;

/** The reason alone, for the operator's dialog (the same rules as the request's). */
export const disableAgencyReasonSchema = z.strictObject({ reason: safeText({ max: 500 }) });

export const agencyIdParamsSchema = z.strictObject({ id: z.uuid({ error: 'invalid' }) });

/** An agency as the operator sees it. The bank fields are null until the account is set. */
export const operatorAgencySchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  bankName: z.string().nullable(),
  bankAccountNumber: z.string().nullable(),
  bankAccountHolder: z.string().nullable(),
  clientCount: z.number().int(),
  agencyUserCount: z.number().int(),
  status: z.enum(AGENCY_STATUSES),
  disabledAt: z.string().nullable(),
  createdAt: z.string(),
});
export type OperatorAgency = z.infer<typeof operatorAgencySchema>;

export const operatorAgencyListResponseSchema = z.object({ items: z.array(operatorAgencySchema) });
export type OperatorAgencyList = z.infer<typeof operatorAgencyListResponseSchema>;
export const operatorAgencyResponseSchema = z.object({ agency: operatorAgencySchema });
export type OperatorAgencyResponse = z.infer<typeof operatorAgencyResponseSchema>;
