/**
 * The transactions contract both sides import: requests, quotes, the lists and their queries,
 * details, deposits and refunds, each payload and its schema once. Past 300 lines because the
 * list, detail and deposit payloads are built from the same pieces; a split by payload would
 * import them back and forth.
 */
import { z } from 'zod';
import { isKeptDay, isKeptInstant } from './korea-time';
import { assetAmountSchema, krwAmountSchema, rateKrwSchema } from './money';
import { payeeSchema } from './payees';
import {
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
  type TransactionChangeEvent,
} from './transaction-states';
import { atMost, isStorableText, safeText } from './validation';

export {
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
  type TransactionChangeEvent,
  type TransactionStatus,
  type TransactionType,
} from './transaction-states';

/**
 * Why a deposit waits for a person instead of completing its buy. Codes, not prose: the operator
 * queue filters on them and the user sees them translated.
 */
export const DEPOSIT_REVIEW_REASONS = [
  'amount_differs',
  'name_differs',
  'no_prior_request',
  'multiple_candidates',
  'request_expired',
  // The bank reported the deposit on another account than the one the buy showed.
  'receiving_account_differs',
] as const;
export type DepositReviewReason = (typeof DEPOSIT_REVIEW_REASONS)[number];

// ---------------------------------------------------------------------------------------------
// Payloads. Amounts are decimal strings (see money.ts); times are ISO 8601 strings.

/**
 * GET /api/quotes?merchantId=&side=buy|sell: the rate a request will be made at. The token is
 * signed by the server and names the rate it quotes; a request made with it locks that rate, and
 * is refused once the token is older than the configured quote age (QUOTE_EXPIRED).
 */
export const quoteQuerySchema = z.strictObject({
  merchantId: z.uuid({ error: 'required' }),
  side: z.enum(TRANSACTION_TYPES, { error: 'required' }),
});
export const quoteSchema = z.object({
  token: z.string(),
  side: z.enum(TRANSACTION_TYPES),
  asset: z.string(),
  rateKrw: z.string(),
  issuedAt: z.string(),
  expiresAt: z.string(),
});
export type Quote = z.infer<typeof quoteSchema>;

const quoteTokenSchema = z
  .string({ error: 'required' })
  .min(1, { error: 'required' })
  .max(1000, atMost());

/** POST /api/transactions/buy and /sell, with an Idempotency-Key header. */
export const createTransactionRequestSchema = z.strictObject({
  accountId: z.uuid({ error: 'required' }),
  amount: assetAmountSchema,
  quoteToken: quoteTokenSchema,
});
export type CreateTransactionRequest = z.input<typeof createTransactionRequestSchema>;

/** The header money-moving POSTs carry: 8 to 100 visible ASCII characters (a UUID fits). */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const idempotencyKeySchema = z.string().regex(/^[\x21-\x7E]{8,100}$/);

/** Where and how a buyer pays: the partner agency's bank account and the exact conditions. */
export const depositInstructionsSchema = z.object({
  bankName: z.string(),
  accountNumber: z.string(),
  accountHolder: z.string(),
  /** The name the deposit must come from: the user's registered name. */
  depositorName: z.string(),
  amountKrw: z.string(),
});
export type DepositInstructions = z.infer<typeof depositInstructionsSchema>;

export const transactionEventSchema = z.object({
  move: z.string(),
  from: z.enum(TRANSACTION_STATUSES).nullable(),
  to: z.enum(TRANSACTION_STATUSES),
  actorKind: z.enum(['user', 'operator', 'system']),
  at: z.string(),
  reason: z.string().nullable(),
  note: z.string().nullable(),
});

/**
 * Whether the bought asset has reached the merchant account: a completed buy is credited through a
 * retried outbox (docs/decisions/008), so for a moment it may be Completed and still `pending`.
 */
export const CREDIT_STATUSES = ['not_applicable', 'pending', 'delivered', 'failed'] as const;

/** Why a merchant refused a sell's debit: nobody may pay the sale out, the operator cancels it. */
export const DEBIT_FAILURES = ['insufficient_funds', 'link_invalid'] as const;
export type DebitFailure = (typeof DEBIT_FAILURES)[number];

export const sellDebitSchema = z.object({
  /** Sent and not yet answered (a retry of Take is safe; the sale cannot be cancelled meanwhile). */
  sentAt: z.string().nullable(),
  confirmedAt: z.string().nullable(),
  failure: z.enum(DEBIT_FAILURES).nullable(),
});

export const transactionSchema = z.object({
  id: z.string(),
  /** Human-readable number: B or S and eight digits. */
  number: z.string(),
  type: z.enum(TRANSACTION_TYPES),
  status: z.enum(TRANSACTION_STATUSES),
  merchant: z.object({ id: z.string(), code: z.string(), name: z.string(), asset: z.string() }),
  account: z.object({ id: z.string(), name: z.string(), accountNumber: z.string() }),
  amount: z.string(),
  rateKrw: z.string(),
  totalKrw: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  expiresAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  /** Why processing is delayed (a deposit that needs a person), or null. */
  delayReason: z.enum(DEPOSIT_REVIEW_REASONS).nullable(),
  payoutReference: z.string().nullable(),
  creditStatus: z.enum(CREDIT_STATUSES),
  /** Present on open buy requests: what to pay, where, from which name. */
  depositInstructions: depositInstructionsSchema.nullable(),
  /** Sells: the bank account the won is paid to, as kept when the sell was made; null for buys. */
  payee: payeeSchema.nullable(),
  /** Sells: the merchant debit, made before any payout (docs/decisions/010); null for buys. */
  debit: sellDebitSchema.nullable(),
  /**
   * Buys completed at a deposited amount that differed from the request: what was asked for at
   * first (the amount and total above are what was paid). Null otherwise.
   */
  requested: z.object({ amount: z.string(), totalKrw: z.string() }).nullable(),
});
export type Transaction = z.infer<typeof transactionSchema>;

/** Won deposited for a buy that the portal owes back to the sender, or has returned. */
export const transactionRefundSchema = z.object({
  amountKrw: z.string(),
  status: z.enum(['refund_due', 'refunded']),
  refundedAt: z.string().nullable(),
});

/**
 * A deposit an operator is looking at for this buy: what arrived and when, so the user knows
 * what was received before the operator decides (docs/decisions/016). Not the depositor's name:
 * a deposit waiting for review may be someone else's.
 */
export const depositInReviewSchema = z.object({
  amountKrw: z.string(),
  receivedAt: z.string(),
});

export const transactionDetailSchema = transactionSchema.extend({
  events: z.array(transactionEventSchema),
  /** Buys: deposits for this request that go back to their sender (docs/decisions/010). */
  refunds: z.array(transactionRefundSchema),
  /** Buys: deposits waiting for an operator's decision on this request. */
  depositsInReview: z.array(depositInReviewSchema),
});
export type TransactionDetail = z.infer<typeof transactionDetailSchema>;

export const transactionIdParamsSchema = z.strictObject({ id: z.uuid({ error: 'required' }) });

/** A calendar day as YYYY-MM-DD (a real date: no 2026-02-30), one the portal keeps. */
export const calendarDateSchema = z
  .string({ error: 'dateInvalid' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'dateInvalid', abort: true })
  .refine(
    (value) => {
      const date = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
    },
    { error: 'dateInvalid', abort: true },
  )
  .refine(isKeptDay, { error: 'dateOutOfRange' });

/** Language of an export's headers and words. */
export const EXPORT_LANGUAGES = ['en', 'ko'] as const;
export type ExportLanguage = (typeof EXPORT_LANGUAGES)[number];

/**
 * The filters of a transaction list and its exports. Dates are calendar days in Korea's
 * time zone (Asia/Seoul, +09:00): `from` starts at 00:00 KST of its day, `to` takes in its whole
 * day. `q` finds the number, the merchant's name or code, or the account's name or number,
 * case-insensitively; an agency's list also finds the client's name, email or phone. `status` may repeat: ?status=Requested&status=Pending.
 */
export const transactionFilterShape = {
  type: z.enum(TRANSACTION_TYPES).optional(),
  status: z
    .union([z.enum(TRANSACTION_STATUSES), z.array(z.enum(TRANSACTION_STATUSES)).max(4)])
    .optional(),
  from: calendarDateSchema.optional(),
  to: calendarDateSchema.optional(),
  q: z
    .string()
    .trim()
    .max(100, atMost())
    .refine(isStorableText, { error: 'invalidCharacters' })
    .optional(),
};

const CURSOR_PATTERN = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)~([A-Z0-9]{1,30})$/;

/**
 * A position in a transaction list: just after one row, in the list's order (created, newest
 * first, then number). Lists answer with the cursor of their page's last row (`nextCursor`), and
 * the next page sent with it (`after`) is an index seek from that row, as cheap as page 1 however
 * deep (keyset paging). The time is the row's full microsecond precision, which a
 * JavaScript Date would round; the cursor is opaque to the browser, which only hands it back.
 */
export const listCursorSchema = z
  .string()
  .regex(CURSOR_PATTERN, { error: 'invalid' })
  .refine(
    (cursor) => {
      // A real instant: 2026-02-30 matches the pattern but is no day.
      const at = cursor.slice(0, 23);
      const date = new Date(`${at}Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 23) === at;
    },
    { error: 'invalid' },
  );

/** The two halves of a cursor the schema accepted: the row's created time and its number. */
export function readListCursor(cursor: string): { at: string; number: string } {
  const match = CURSOR_PATTERN.exec(cursor);
  if (!match) throw new Error('Not a list cursor.');
  return { at: match[1]!, number: match[2]! };
}

export function listCursor(at: string, number: string): string {
  return `${at}~${number}`;
}

/**
 * GET /api/transactions (the signed-in user's own), GET /api/agency/transactions (an agency's
 * clients') and GET /api/operator/transactions (everyone's): newest first (the operator's
 * oldest first), then by number, so paging is stable. `page` numbers the page (for
 * "Showing {from} to {to}"); with `after` (the previous page's `nextCursor`) the page starts just
 * after that row instead of skipping (page - 1) x pageSize rows, so Next stays fast on deep pages,
 * while any page can still be opened by its number.
 */
export const transactionListQuerySchema = z.strictObject({
  ...transactionFilterShape,
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  after: listCursorSchema.optional(),
});

/** GET /api/transactions/export.csv|.xlsx (and the agency's): every filtered row, no paging. */
export const transactionExportQuerySchema = z.strictObject({
  ...transactionFilterShape,
  lang: z.enum(EXPORT_LANGUAGES).default('en'),
});

export const transactionListResponseSchema = z.object({
  items: z.array(transactionSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Where the next page starts (send it as `after`), or null on the last page. */
  nextCursor: z.string().nullable(),
});
export type TransactionList = z.infer<typeof transactionListResponseSchema>;

export const moveTextSchema = safeText({ max: 500 });

/** POST /api/transactions/:id/cancel (the owner, while Requested). */
export const cancelTransactionRequestSchema = z.strictObject({
  reason: moveTextSchema.optional(),
});

/**
 * GET /api/accounts/:id/position: the account's balance at the merchant and what of it is held by
 * open sell requests. available = balance - openPosition; a sell may use at most `available`.
 */
export const accountPositionSchema = z.object({
  accountId: z.string(),
  asset: z.string(),
  balance: z.string(),
  openPosition: z.string(),
  available: z.string(),
  /** When the balance was last read from the merchant, or null if never. */
  syncedAt: z.string().nullable(),
});
export type AccountPosition = z.infer<typeof accountPositionSchema>;

// ----- operator -----

/**
 * POST /api/operator/rates: sets the current rates of an asset (kept in history). The sell rate
 * may not be above the buy rate (RATE_SELL_ABOVE_BUY), and a change of either by more than
 * RATE_DEVIATION_CONFIRM_PERCENT (rates.ts) is refused with RATE_CHANGE_NOT_CONFIRMED unless
 * `confirmDeviation` says the operator saw old -> new and confirmed it (docs/decisions/023).
 */
export const setRateRequestSchema = z.strictObject({
  asset: z.string().regex(/^[A-Z0-9]{2,10}$/, { error: 'assetCodeInvalid' }),
  buyRateKrw: rateKrwSchema,
  sellRateKrw: rateKrwSchema,
  confirmDeviation: z.boolean().optional(),
});
export type SetRateRequest = z.input<typeof setRateRequestSchema>;

export const rateSchema = z.object({
  id: z.string(),
  asset: z.string(),
  buyRateKrw: z.string(),
  sellRateKrw: z.string(),
  setAt: z.string(),
  /** The name of the operator who set it (null once that user is gone, or for seeded rates). */
  setBy: z.string().nullable(),
  /** The rates this one replaced (from -> to), or null for the asset's first rates. */
  previousBuyRateKrw: z.string().nullable(),
  previousSellRateKrw: z.string().nullable(),
});
export type Rate = z.infer<typeof rateSchema>;
export const rateListResponseSchema = z.object({
  current: z.array(rateSchema),
  history: z.array(rateSchema),
});
export type RateList = z.infer<typeof rateListResponseSchema>;

/** Agency list: its clients' requests, with the client who made each. */
export const agencyTransactionSchema = transactionSchema.extend({
  client: z.object({ id: z.string(), name: z.string(), email: z.string() }),
});
export type AgencyTransaction = z.infer<typeof agencyTransactionSchema>;
export const agencyTransactionListResponseSchema = z.object({
  items: z.array(agencyTransactionSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Where the next page starts (send it as `after`), or null on the last page. */
  nextCursor: z.string().nullable(),
});
export type AgencyTransactionList = z.infer<typeof agencyTransactionListResponseSchema>;

/**
 * GET /api/agency/transactions/:id: one of the agency's clients' transactions, as its owner sees
 * it, with the client; another agency's is "not found", like one that does not exist.
 */
export const agencyTransactionDetailSchema = transactionDetailSchema.extend({
  client: agencyTransactionSchema.shape.client,
});
export type AgencyTransactionDetail = z.infer<typeof agencyTransactionDetailSchema>;

/** Operator list: every user's requests, with who made them. */
export const operatorTransactionSchema = transactionSchema.extend({
  user: z.object({ id: z.string(), name: z.string(), email: z.string() }),
});
export type OperatorTransaction = z.infer<typeof operatorTransactionSchema>;
export const operatorTransactionListResponseSchema = z.object({
  items: z.array(operatorTransactionSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type OperatorTransactionList = z.infer<typeof operatorTransactionListResponseSchema>;

/**
 * POST /api/operator/transactions/:id/take: debits the merchant first, and only on its
 * acknowledgement moves the sell Requested -> Pending (ready to be paid out).
 */
export const takeSellRequestSchema = z.strictObject({ note: moveTextSchema.optional() });
/**
 * POST /api/operator/transactions/:id/complete: a Pending sell with its payout reference, or a
 * Pending buy (optionally naming the deposit that pays it).
 */
export const completeTransactionRequestSchema = z.strictObject({
  payoutReference: moveTextSchema.optional(),
  note: moveTextSchema.optional(),
  depositId: z.uuid().optional(),
});
/** POST /api/operator/transactions/:id/cancel (a Requested or Pending buy or sell) with a reason. */
export const operatorCancelRequestSchema = z.strictObject({ reason: moveTextSchema });

// ----- deposits -----

export const DEPOSIT_SOURCES = ['webhook', 'statement', 'manual'] as const;
export type DepositSource = (typeof DEPOSIT_SOURCES)[number];
/**
 * Where a deposit's won went (docs/decisions/010). Every deposit is in exactly one of these, so
 * the deposits of a receiving account sum to settled + review + refund due + refunded + written off.
 * - settled: it paid one buy (the buy names it: `settled_by_deposit_id`);
 * - review: waits for the operator to match it to a buy or refund it;
 * - refund_due: it pays nothing and its won must go back to the sender (a bank action outside
 *   the portal);
 * - refunded: the won went back (bank reference, date, who);
 * - written_off: closed without a refund, with a reason (e.g. the sender cannot be reached).
 */
export const DEPOSIT_STATUSES = [
  'settled',
  'review',
  'refund_due',
  'refunded',
  'written_off',
] as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];

/** Why a deposit's won is owed back to its sender. */
export const REFUND_REASONS = [
  'no_request',
  'request_cancelled',
  'request_expired',
  'amount_refused',
  'duplicate_payment',
  'wrong_account',
  'name_differs',
] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

export const bankReferenceSchema = z
  .string({ error: 'required' })
  .trim()
  .regex(/^[A-Za-z0-9][A-Za-z0-9._/-]{0,99}$/, { error: 'bankReferenceInvalid' });

/**
 * The depositor's name exactly as the bank sent it. Not `safeText`: a zero-width or full-width
 * character must reach the matching code (and fail it), not be refused at the door. Only text the
 * database cannot hold is refused (`isStorableText`).
 */
export const depositorNameSchema = z
  .string({ error: 'required' })
  .min(1, { error: 'required' })
  .max(100, atMost())
  .refine(isStorableText, { error: 'invalidCharacters' });

/** A deposit notification, from the bank webhook or typed in by the operator. */
export const depositNotificationSchema = z.strictObject({
  bankReference: bankReferenceSchema,
  depositorName: depositorNameSchema,
  amountKrw: krwAmountSchema,
  receivedAt: z.iso
    .datetime({ offset: true, error: 'dateInvalid', abort: true })
    .refine(isKeptInstant, { error: 'dateOutOfRange' }),
  /** The receiving bank account number, as the bank reports it. */
  receivingAccount: z
    .string()
    .max(60, atMost())
    .refine(isStorableText, { error: 'invalidCharacters' })
    .optional(),
});
export type DepositNotification = z.input<typeof depositNotificationSchema>;

export const depositSchema = z.object({
  id: z.string(),
  bankReference: z.string(),
  depositorName: z.string(),
  amountKrw: z.string(),
  receivedAt: z.string(),
  receivingAccount: z.string().nullable(),
  source: z.enum(DEPOSIT_SOURCES),
  status: z.enum(DEPOSIT_STATUSES),
  reviewReason: z.enum(DEPOSIT_REVIEW_REASONS).nullable(),
  matchedTransaction: z.object({ id: z.string(), number: z.string() }).nullable(),
  relatedTransactions: z.array(z.object({ id: z.string(), number: z.string() })),
  /** Free text of a deposit closed before refunds were tracked (migration 0010). */
  resolution: z.string().nullable(),
  refundReason: z.enum(REFUND_REASONS).nullable(),
  /** The transaction the refund shows on (the request the won was meant for), if any. */
  refundTransaction: z.object({ id: z.string(), number: z.string() }).nullable(),
  refundBankReference: z.string().nullable(),
  refundedAt: z.string().nullable(),
  writeOffReason: z.string().nullable(),
  decidedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Deposit = z.infer<typeof depositSchema>;

/** What recording a deposit did: `duplicate` when the bank reference was already known. */
export const depositOutcomeSchema = z.object({
  deposit: depositSchema,
  duplicate: z.boolean(),
});
export type DepositOutcome = z.infer<typeof depositOutcomeSchema>;

/**
 * The most deposits one signed delivery may carry. A bank that batches its notifications sends
 * `{ "deposits": [...] }`; each is recorded and matched in the order given, exactly as if it had
 * come alone, and the delivery is recorded whole or not at all (so a retry is safe).
 */
export const MAX_DEPOSITS_PER_DELIVERY = 500;
export const depositBatchSchema = z.strictObject({
  deposits: z
    .array(depositNotificationSchema)
    .min(1, { error: 'required' })
    .max(MAX_DEPOSITS_PER_DELIVERY, atMost('tooMany')),
});
/** The outcome of each deposit of a batch, in the order sent. */
export const depositBatchOutcomeSchema = z.object({ results: z.array(depositOutcomeSchema) });
export type DepositBatchOutcome = z.infer<typeof depositBatchOutcomeSchema>;

/**
 * The deposit queue's filters (docs/decisions/021): status; `q` finds the depositor's name or
 * the bank reference (as typed, no wildcards), or a won amount typed whole (1,000,000 or
 * 1000000); `from`/`to` are Korea days of receipt, both inclusive.
 */
export const depositFilterShape = {
  status: z.enum(DEPOSIT_STATUSES).optional(),
  q: transactionFilterShape.q,
  from: calendarDateSchema.optional(),
  to: calendarDateSchema.optional(),
};

/** The deposit queue's orders by time received: newest first (the default), oldest, or by won. */
export const DEPOSIT_SORTS = ['newest', 'oldest', 'amount_desc', 'amount_asc'] as const;
export type DepositSort = (typeof DEPOSIT_SORTS)[number];

export const depositListQuerySchema = z.strictObject({
  ...depositFilterShape,
  sort: z.enum(DEPOSIT_SORTS).default('newest'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

/** GET /api/operator/deposits/export.csv|.xlsx: every filtered deposit, newest first. */
export const depositExportQuerySchema = z.strictObject({
  ...depositFilterShape,
  lang: z.enum(EXPORT_LANGUAGES).default('en'),
});
export const depositListResponseSchema = z.object({
  items: z.array(depositSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type DepositList = z.infer<typeof depositListResponseSchema>;

/** The payload of a live update, as the server checks it before sending (see transaction-states). */
export const transactionChangeEventSchema = z.strictObject({
  transactionId: z.string(),
  status: z.enum(TRANSACTION_STATUSES),
}) satisfies z.ZodType<TransactionChangeEvent>;

/** GET /api/deposit-account: the Partner Agency Bank Account the signed-in user pays buys into. */
export const depositAccountResponseSchema = z.object({
  agencyName: z.string().nullable(),
  /** False while the agency is disabled: no account is shown and buys are refused (decision 022). */
  takingBuys: z.boolean(),
  account: z
    .object({ bankName: z.string(), accountNumber: z.string(), accountHolder: z.string() })
    .nullable(),
});
export type DepositAccountResponse = z.infer<typeof depositAccountResponseSchema>;
