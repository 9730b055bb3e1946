/**
 * The operator's workbench (docs/decisions/021): one transaction in full, the queues' search,
 * sort and export, how long a request may wait before it stands out, and today's figures.
 */
import { z } from 'zod';
import { approvalSchema } from './approvals';
import { accountSchema } from './accounts';
import { kycDocumentSchema, kycStatusSchema } from './kyc';
import { payeeResponseSchema } from './payees';
import { operatorUserSchema } from './users';
import {
  DEPOSIT_STATUSES,
  EXPORT_LANGUAGES,
  operatorTransactionSchema,
  transactionDetailSchema,
  transactionEventSchema,
  transactionFilterShape,
} from './transactions';

/**
 * Minutes an open request may wait in a queue before its row is highlighted: half an hour, the
 * time a depositor or seller starts asking where their money is (docs/decisions/021).
 */
export const QUEUE_WAIT_WARNING_MINUTES = 30;

/** A step of the history with the person who took it (an operator's approval names them). */
export const operatorTransactionEventSchema = transactionEventSchema.extend({
  actor: z.object({ id: z.string(), name: z.string() }).nullable(),
});

/**
 * How a deposit concerns the transaction: `settled` paid it, `review` waits for a decision that
 * may pay it, `refund` goes back to its sender on this request's account.
 */
export const LINKED_DEPOSIT_RELATIONS = ['settled', 'review', 'refund'] as const;

export const linkedDepositSchema = z.object({
  id: z.string(),
  relation: z.enum(LINKED_DEPOSIT_RELATIONS),
  bankReference: z.string(),
  depositorName: z.string(),
  amountKrw: z.string(),
  receivedAt: z.string(),
  status: z.enum(DEPOSIT_STATUSES),
});
export type LinkedDeposit = z.infer<typeof linkedDepositSchema>;

/**
 * GET /api/operator/transactions/:id: any user's transaction with its whole history (who moved
 * it), its owner, and every deposit linked to it (a sell's payee is in `payee`).
 */
export const operatorTransactionDetailSchema = transactionDetailSchema.extend({
  user: operatorTransactionSchema.shape.user,
  events: z.array(operatorTransactionEventSchema),
  deposits: z.array(linkedDepositSchema),
  /** What was asked of a second operator about it, newest first (docs/decisions/017). */
  approvals: z.array(approvalSchema),
});
export type OperatorTransactionDetail = z.infer<typeof operatorTransactionDetailSchema>;

/** The queues' orders: oldest first (who waited longest), newest first, or by amount in won. */
export const OPERATOR_SORTS = ['oldest', 'newest', 'amount_desc', 'amount_asc'] as const;
export type OperatorSort = (typeof OPERATOR_SORTS)[number];

/**
 * GET /api/operator/transactions: the list filters (type, status, from, to) and `q`, which for
 * the operator also finds the user's name or email, the name a deposit linked to the request
 * came from, and a won amount (1,000,000 or 1000000). `sort` defaults to oldest first (queues).
 */
export const operatorListQuerySchema = z.strictObject({
  ...transactionFilterShape,
  sort: z.enum(OPERATOR_SORTS).default('oldest'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

/**
 * GET /api/operator/transactions/export.csv|.xlsx: the same rows, every page, newest first (the
 * exports' one order, read in keyset batches however many rows there are).
 */
export const operatorExportQuerySchema = z.strictObject({
  ...transactionFilterShape,
  lang: z.enum(EXPORT_LANGUAGES).default('en'),
});

/**
 * GET /api/operator/figures: today's work in Korea's day (00:00 KST until now). Counts and won
 * are of requests made today; deposits are those received today; the waiting figures are now.
 */
export const operatorFiguresSchema = z.object({
  day: z.string(),
  buys: z.object({ count: z.number().int(), totalKrw: z.string() }),
  sells: z.object({ count: z.number().int(), totalKrw: z.string() }),
  completedKrw: z.string(),
  depositsReceived: z.object({ count: z.number().int(), totalKrw: z.string() }),
  depositsInReview: z.number().int(),
  payoutsWaiting: z.number().int(),
  buysWaiting: z.number().int(),
  /** Approvals waiting for a second operator (docs/decisions/017). */
  approvalsWaiting: z.number().int(),
});
export type OperatorFigures = z.infer<typeof operatorFiguresSchema>;

/** How many of a user's latest transactions their page lists (the rest are in the All tab). */
export const USER_PAGE_RECENT_TRANSACTIONS = 10;

/**
 * A user's identity documents as the operator reads them on the user's page: each kind's review
 * state and who reviewed it (null while it waits, or when the reviewer's user is gone).
 */
export const userPageDocumentSchema = kycDocumentSchema.extend({
  reviewedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
});

/**
 * One signed-in session: when it began, when it was last used, and from where. Never the token
 * or the session's id (its hash): the page shows who is signed in, it cannot act as them.
 */
export const userPageSessionSchema = z.object({
  createdAt: z.string(),
  lastSeenAt: z.string(),
  expiresAt: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export type UserPageSession = z.infer<typeof userPageSessionSchema>;

/**
 * GET /api/operator/users/:id (docs/decisions/021): one user in full for the operator: who they
 * are, their identity check (overall, as buying needs it: all four documents approved, and each
 * document), their merchant accounts, the payee a sell is paid out to, their latest transactions
 * and their active sessions.
 */
export const operatorUserPageSchema = z.object({
  user: operatorUserSchema,
  identity: z.object({
    /** approved: all four approved; rejected: one is; submitted: one waits; else not_submitted. */
    status: kycStatusSchema,
    documents: z.array(userPageDocumentSchema),
  }),
  accounts: z.array(accountSchema),
  payee: payeeResponseSchema.nullable(),
  transactions: z.object({
    items: z.array(operatorTransactionSchema),
    total: z.number().int(),
  }),
  sessions: z.array(userPageSessionSchema),
});
export type OperatorUserPage = z.infer<typeof operatorUserPageSchema>;

/** What the volume chart adds up by: the receiving partner agency, or the merchant. */
export const VOLUME_GROUPINGS = ['agency', 'merchant'] as const;
export type VolumeGrouping = (typeof VOLUME_GROUPINGS)[number];

/** The most Korea days the chart reaches back, and how many it shows unless told. */
export const VOLUME_MAX_DAYS = 90;
export const VOLUME_DEFAULT_DAYS = 30;

/**
 * GET /api/operator/volume?by=agency|merchant&days=30: won of completed requests (buys and sells)
 * per Korea day (by completion time) for the last `days` days, today included.
 */
export const operatorVolumeQuerySchema = z.strictObject({
  by: z.enum(VOLUME_GROUPINGS, { error: 'invalid' }).default('agency'),
  days: z.coerce
    .number({ error: 'invalid' })
    .int({ error: 'invalid' })
    .min(1, { error: 'invalid' })
    .max(VOLUME_MAX_DAYS, { error: 'invalid' })
    .default(VOLUME_DEFAULT_DAYS),
});

/**
 * The chart's data: `series` names each group (an agency, or null's "direct" for clients of no
 * agency; a merchant), and `days` gives each day, oldest first, the won of each series by its key
 * (every series in every day, "0" when none), so a chart and its table read the same rows.
 */
export const operatorVolumeSchema = z.object({
  by: z.enum(VOLUME_GROUPINGS),
  from: z.string(),
  to: z.string(),
  series: z.array(z.object({ key: z.string(), name: z.string().nullable() })),
  days: z.array(z.object({ day: z.string(), krw: z.record(z.string(), z.string()) })),
});
export type OperatorVolume = z.infer<typeof operatorVolumeSchema>;
