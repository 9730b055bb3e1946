/**
 * Four-eyes (maker-checker) on the back office's riskiest actions (docs/decisions/017): one person
 * asks (the maker), another operator approves or rejects (the checker), and only an approval
 * carries the action out, once. The maker can never be the checker: the server refuses it and
 * the database refuses it too.
 */
import { z } from 'zod';
import { bankAccountSchema } from './bank-account';
import {
  calendarDateSchema,
  EXPORT_LANGUAGES,
  REFUND_REASONS,
  moveTextSchema,
  transactionFilterShape,
} from './transactions';
import { userRoleSchema } from './users';

/**
 * A sell whose won total is at least this much is paid out only once a second operator approved
 * it: "Start payout" (the merchant debit, after which the won is sent) waits in the approvals
 * queue. One million won is above what an ordinary sale pays and well under the amounts whose
 * loss a desk could not absorb. The server reads PAYOUT_APPROVAL_MIN_KRW to change it.
 */
export const PAYOUT_APPROVAL_MIN_KRW = '1000000';

/**
 * What waits for a second pair of eyes (docs/decisions/017):
 * - payout: starting the payout of a sell at or above the payout threshold;
 * - deposit_match: an operator pays a buy with a deposit (completing a buy by hand, with or
 *   without an amount difference), from the deposit or from the transaction;
 * - buy_cancellation: an operator cancels a Requested or Pending buy;
 * - deposit_refund: an operator decides a deposit goes back to its sender;
 * - rate_change: new rates beyond the deviation that needs a confirmation;
 * - agency_bank_account: a new receiving account for an agency (the old one stays until approved);
 * - operator_role: making a user an operator.
 */
export const APPROVAL_KINDS = [
  'payout',
  'deposit_match',
  'buy_cancellation',
  'deposit_refund',
  'rate_change',
  'agency_bank_account',
  'operator_role',
] as const;
export type ApprovalKind = (typeof APPROVAL_KINDS)[number];

/**
 * pending: waits for a checker; approved: a checker approved and the action was carried out (for
 * a payout: the debit was asked of the merchant, see `failure`); rejected: a checker refused it
 * with a reason; withdrawn: the maker took it back before anyone decided.
 */
export const APPROVAL_STATUSES = ['pending', 'approved', 'rejected', 'withdrawn'] as const;

const person = z.object({ id: z.string(), name: z.string() });
const transactionRef = z.object({
  id: z.string(),
  number: z.string(),
  /** The owner's name, so the checker sees whose money it is. */
  userName: z.string(),
  asset: z.string(),
  assetAmount: z.string(),
  totalKrw: z.string(),
  status: z.string(),
});
const depositRef = z.object({
  id: z.string(),
  bankReference: z.string(),
  depositorName: z.string(),
  amountKrw: z.string(),
  receivedAt: z.string(),
});
const ratePair = z.object({ buyRateKrw: z.string(), sellRateKrw: z.string() });

/**
 * What was asked, as the maker saw it when asking: the checker approves exactly this. Each kind
 * carries what its action needs to be carried out and what a person needs to judge it.
 */
export const approvalActionSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('payout'),
    transaction: transactionRef,
    note: z.string().nullable(),
  }),
  z.object({
    kind: z.literal('deposit_match'),
    deposit: depositRef,
    transaction: transactionRef,
    /** Deposit minus the request's total in won: 0 when they agree, negative when short. */
    differenceKrw: z.string(),
    note: z.string().nullable(),
  }),
  z.object({
    kind: z.literal('buy_cancellation'),
    transaction: transactionRef,
    reason: z.string(),
  }),
  z.object({
    kind: z.literal('deposit_refund'),
    deposit: depositRef,
    reason: z.enum(REFUND_REASONS),
    transaction: transactionRef.nullable(),
    note: z.string().nullable(),
  }),
  z.object({
    kind: z.literal('rate_change'),
    asset: z.string(),
    from: ratePair,
    to: ratePair,
  }),
  z.object({
    kind: z.literal('agency_bank_account'),
    agency: z.object({ id: z.string(), code: z.string(), name: z.string() }),
    from: bankAccountSchema.nullable(),
    to: bankAccountSchema,
  }),
  z.object({
    kind: z.literal('operator_role'),
    user: z.object({ id: z.string(), name: z.string(), email: z.string() }),
    fromRole: userRoleSchema,
    toRole: userRoleSchema,
  }),
]);
export type ApprovalAction = z.infer<typeof approvalActionSchema>;

export const approvalSchema = z.object({
  id: z.string(),
  status: z.enum(APPROVAL_STATUSES),
  action: approvalActionSchema,
  /** Who asked (an operator, or an agency user for its bank account) and when. */
  requestedBy: person,
  requestedAt: z.string(),
  /** Who approved or rejected it and when (null while pending or once withdrawn). */
  decidedBy: person.nullable(),
  decidedAt: z.string().nullable(),
  /** Why a checker rejected it. */
  rejectionReason: z.string().nullable(),
  /**
   * An approved payout whose merchant debit did not go through: the error's code and message
   * (the sale stays Requested; a timeout can be taken again without a new approval).
   */
  failure: z.object({ code: z.string(), message: z.string() }).nullable(),
});
export type Approval = z.infer<typeof approvalSchema>;

/**
 * A guarded action answers 202 with this instead of doing it: it waits in the approvals queue
 * for another operator.
 */
export const approvalRequestedSchema = z.object({ approval: approvalSchema });
export type ApprovalRequested = z.infer<typeof approvalRequestedSchema>;

/**
 * GET /api/operator/approvals: `pending` oldest first (who waited longest), `decided` (approved,
 * rejected, withdrawn) newest first, unless `sort` says otherwise; `kind` narrows to one kind.
 * Like every operator queue (docs/decisions/021), `q` finds the maker's or checker's name or
 * email, the subject's number or reference as the item shows it (transaction number, deposit
 * bank reference, agency code, the person's name), the texts of the request (note, reason), or
 * a won amount typed whole (1,000,000 or 1000000); `from`/`to` are Korea days of the request,
 * both inclusive (`to` before `from` is refused on `to`, dateRangeReversed).
 */
export const APPROVAL_VIEWS = ['pending', 'decided'] as const;
export const APPROVAL_SORTS = ['oldest', 'newest'] as const;
export type ApprovalSort = (typeof APPROVAL_SORTS)[number];

export const approvalFilterShape = {
  view: z.enum(APPROVAL_VIEWS).default('pending'),
  kind: z.enum(APPROVAL_KINDS).optional(),
  q: transactionFilterShape.q,
  from: calendarDateSchema.optional(),
  to: calendarDateSchema.optional(),
  sort: z.enum(APPROVAL_SORTS).optional(),
};

/** The order a view shows when none is chosen: the one waiting longest first, else the newest. */
export function approvalSortOf(view: (typeof APPROVAL_VIEWS)[number], sort?: ApprovalSort) {
  return sort ?? (view === 'pending' ? 'oldest' : 'newest');
}

export const approvalListQuerySchema = z.strictObject({
  ...approvalFilterShape,
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

/** GET /api/operator/approvals/export.csv|.xlsx: every filtered approval, in the list's order. */
export const approvalExportQuerySchema = z.strictObject({
  ...approvalFilterShape,
  lang: z.enum(EXPORT_LANGUAGES).default('en'),
});

export const approvalListResponseSchema = z.object({
  items: z.array(approvalSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ApprovalListResponse = z.infer<typeof approvalListResponseSchema>;

export const approvalIdParamsSchema = z.strictObject({ id: z.uuid({ error: 'invalid' }) });

/** POST /api/operator/approvals/:id/reject: the reason the maker will read. */
export const rejectApprovalRequestSchema = z.strictObject({ reason: moveTextSchema });
export type RejectApprovalRequest = z.input<typeof rejectApprovalRequestSchema>;
