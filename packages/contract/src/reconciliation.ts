import { z } from 'zod';
import { calendarDateSchema, EXPORT_LANGUAGES } from './transactions';

/**
 * The operator's reconciliation (docs/decisions/018): per Korea day, what came in on each
 * receiving bank account and what became of it, and what each merchant credited and debited.
 *
 * Deposits are counted on the day they were received, in the state they are in now, so on every
 * row received = settled + refund due + refunded + written off + in review (each deposit is in
 * exactly one of those five, docs/decisions/010). Merchant figures are the ledger's entries on
 * the day they were posted.
 */

/** The longest range one report covers: about a quarter. */
export const RECONCILIATION_MAX_DAYS = 92;

const rangeShape = { from: calendarDateSchema, to: calendarDateSchema };

/** GET /api/operator/reconciliation?from=YYYY-MM-DD&to=YYYY-MM-DD (Korea days, both included). */
export const reconciliationQuerySchema = z.strictObject(rangeShape);

/** GET /api/operator/reconciliation/export.csv|.xlsx: the same report, in the reader's words. */
export const reconciliationExportQuerySchema = z.strictObject({
  ...rangeShape,
  lang: z.enum(EXPORT_LANGUAGES).default('en'),
});

/** How many, and how many won (a whole number as a string). */
export const figureSchema = z.object({ count: z.number().int(), krw: z.string() });
export type Figure = z.infer<typeof figureSchema>;

/** What became of the deposits, in the order the report shows them. */
export const DEPOSIT_FIGURES = [
  'received',
  'settled',
  'refundDue',
  'refunded',
  'writtenOff',
  'inReview',
] as const;
export type DepositFigure = (typeof DEPOSIT_FIGURES)[number];

export const depositFiguresSchema = z.object({
  received: figureSchema,
  settled: figureSchema,
  refundDue: figureSchema,
  refunded: figureSchema,
  writtenOff: figureSchema,
  inReview: figureSchema,
});
export type DepositFigures = z.infer<typeof depositFiguresSchema>;

/**
 * A receiving account as the bank reported it, compared by digits only (as matching does).
 * `accountNumber` null: deposits whose bank did not say which account they came in on.
 * The agency and its bank are the agency whose account it is now, when one has it.
 */
export const receivingAccountSchema = z.object({
  accountNumber: z.string().nullable(),
  bankName: z.string().nullable(),
  accountHolder: z.string().nullable(),
  agency: z.object({ id: z.string(), code: z.string(), name: z.string() }).nullable(),
});

export const accountDayRowSchema = z.object({
  day: z.string(),
  account: receivingAccountSchema,
  figures: depositFiguresSchema,
});
export type AccountDayRow = z.infer<typeof accountDayRowSchema>;

/** Asset amounts (decimal strings) with the won of the transactions they belong to. */
export const movementSchema = z.object({
  count: z.number().int(),
  amount: z.string(),
  krw: z.string(),
});
export type Movement = z.infer<typeof movementSchema>;

/** What the merchant moved: credited (bought), debited (sold), returned (a debited sale cancelled). */
export const MERCHANT_FIGURES = ['credited', 'debited', 'returned'] as const;
export type MerchantFigure = (typeof MERCHANT_FIGURES)[number];

export const merchantDayRowSchema = z.object({
  day: z.string(),
  merchant: z.object({ id: z.string(), code: z.string(), name: z.string(), asset: z.string() }),
  credited: movementSchema,
  debited: movementSchema,
  returned: movementSchema,
});
export type MerchantDayRow = z.infer<typeof merchantDayRowSchema>;

export const reconciliationResponseSchema = z.object({
  from: z.string(),
  to: z.string(),
  accounts: z.array(accountDayRowSchema),
  merchants: z.array(merchantDayRowSchema),
  totals: z.object({
    accounts: depositFiguresSchema,
    /** Won only: the merchants' assets differ, so their amounts do not add up. */
    merchants: z.object({ credited: figureSchema, debited: figureSchema, returned: figureSchema }),
  }),
});
export type ReconciliationResponse = z.infer<typeof reconciliationResponseSchema>;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Days from `from` to `to`, both included (0 or less when reversed). Zod-free for both sides. */
export function daysInRange(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}
