import { z } from 'zod';
import {
  DEPOSIT_REVIEW_REASONS,
  DEPOSIT_SOURCES,
  DEPOSIT_STATUSES,
  REFUND_REASONS,
} from './transactions';

/**
 * The operator's bank statement import, in two steps (docs/decisions/019):
 *
 *   POST /api/operator/deposits/import/preview   multipart: file
 *        reads the file and runs every line through deposit matching in a transaction that is
 *        rolled back: what each line will do, and what is wrong with the lines it cannot read.
 *   POST /api/operator/deposits/import           multipart: file, preview (JSON, below)
 *        the same file again with what its preview showed; writes exactly that, or nothing
 *        (409 STATEMENT_CHANGED) when a line would now do something else. A line recorded
 *        meanwhile (the bank's notification) counts once and is marked `meanwhile`.
 */

/** The columns the portal reads, by what they mean; every bank names them its own way. */
export const STATEMENT_COLUMNS = [
  'receivedAt',
  'date',
  'time',
  'depositorName',
  'amount',
  'withdrawal',
  'bankReference',
  'receivingAccount',
  'balance',
  'memo',
] as const;
export type StatementColumn = (typeof STATEMENT_COLUMNS)[number];

/** The portal's own template: its header row, in this order. */
export const STATEMENT_TEMPLATE_HEADER = [
  'bank_reference',
  'depositor_name',
  'amount_krw',
  'received_at',
  'receiving_account',
] as const;

/** The most lines (after the header) one statement may have; a longer one is refused. */
export const MAX_STATEMENT_LINES = 10_000;
/** The largest statement file, in bytes. */
export const MAX_STATEMENT_BYTES = 5 * 1024 * 1024;

const transactionRefSchema = z.object({ id: z.string(), number: z.string() });

/** What is wrong with one cell: its column, the validation message key, the text as written. */
export const statementProblemSchema = z.object({
  column: z.enum(STATEMENT_COLUMNS),
  message: z.string(),
  value: z.string(),
});
export type StatementProblem = z.infer<typeof statementProblemSchema>;

/** Why a line is read but not imported, without being wrong. */
export const STATEMENT_SKIPS = ['withdrawal', 'summary'] as const;

/** What a line does (preview) or did (import). */
export const statementOutcomeSchema = z.discriminatedUnion('kind', [
  /** A new deposit that completes this buy. */
  z.object({ kind: z.literal('settle'), transaction: transactionRefSchema }),
  /** A new deposit that waits for the operator, for this reason. */
  z.object({
    kind: z.literal('review'),
    reason: z.enum(DEPOSIT_REVIEW_REASONS),
    transactions: z.array(transactionRefSchema),
  }),
  /** A new deposit that pays nothing and is owed back at once (docs/decisions/010). */
  z.object({
    kind: z.literal('refund_due'),
    reason: z.enum(REFUND_REASONS),
    transactions: z.array(transactionRefSchema),
  }),
  /** Already recorded (same bank reference, or the same deposit from the bank's notification). */
  z.object({
    kind: z.literal('recorded'),
    bankReference: z.string(),
    source: z.enum(DEPOSIT_SOURCES),
    status: z.enum(DEPOSIT_STATUSES),
  }),
  z.object({ kind: z.literal('skipped'), why: z.enum(STATEMENT_SKIPS) }),
  z.object({ kind: z.literal('error'), problems: z.array(statementProblemSchema) }),
]);
export type StatementOutcome = z.infer<typeof statementOutcomeSchema>;

export const statementLineSchema = z.object({
  /** Where the line is in the file (its row in the spreadsheet; the first row is 1). */
  line: z.number().int(),
  /** What the line says, as read (null where it could not be read). */
  receivedAt: z.string().nullable(),
  depositorName: z.string().nullable(),
  amountKrw: z.string().nullable(),
  bankReference: z.string().nullable(),
  /** The file carries no bank reference: the portal made one from the line (decision 019). */
  referenceMade: z.boolean(),
  outcome: statementOutcomeSchema,
  /** Import only: the preview showed a new deposit, and the bank's notification (or another
   * import) recorded it before the import did; it counts once. */
  meanwhile: z.boolean(),
});
export type StatementLine = z.infer<typeof statementLineSchema>;

export const STATEMENT_FORMATS = ['csv-utf8', 'csv-cp949', 'xlsx'] as const;

/** The answer of both steps: the preview, or what the import did. */
export const statementReportSchema = z.object({
  /** SHA-256 of the file's bytes (hex): the import must be sent the same file. */
  fingerprint: z.string(),
  format: z.enum(STATEMENT_FORMATS),
  /** The account the deposits came into, when the file says it above its header. */
  receivingAccount: z.string().nullable(),
  lines: z.array(statementLineSchema),
  imported: z.boolean(),
});
export type StatementReport = z.infer<typeof statementReportSchema>;

/** The `preview` field of the import: what the preview of this file showed. */
export const statementPreviewedSchema = z.strictObject({
  fingerprint: z.string().regex(/^[0-9a-f]{64}$/),
  outcomes: z.array(z.string().max(200)).max(MAX_STATEMENT_LINES),
});
export type StatementPreviewed = z.infer<typeof statementPreviewedSchema>;

/** Whether a line records a new deposit (and so is one of the lines "Import N lines" counts). */
export function recordsDeposit(outcome: StatementOutcome): boolean {
  return outcome.kind === 'settle' || outcome.kind === 'review' || outcome.kind === 'refund_due';
}

/**
 * One line's outcome as the import compares it with its preview: what the preview showed (the
 * buy a deposit completes, the reason it waits or is owed back), nothing the operator did not see.
 */
export function outcomeKey(line: Pick<StatementLine, 'line' | 'outcome'>): string {
  const { outcome } = line;
  const what =
    outcome.kind === 'settle'
      ? `settle:${outcome.transaction.id}`
      : outcome.kind === 'review' || outcome.kind === 'refund_due'
        ? `${outcome.kind}:${outcome.reason}`
        : outcome.kind === 'skipped'
          ? `skipped:${outcome.why}`
          : outcome.kind;
  return `${line.line}:${what}`;
}

/** What the web sends back with the file to import it. */
export function previewed(
  report: Pick<StatementReport, 'fingerprint' | 'lines'>,
): StatementPreviewed {
  return { fingerprint: report.fingerprint, outcomes: report.lines.map(outcomeKey) };
}

/** The figures of a report: how many lines of each outcome. */
export function statementCounts(lines: readonly StatementLine[]) {
  const count = (kind: StatementOutcome['kind']) =>
    lines.filter((line) => line.outcome.kind === kind && !line.meanwhile).length;
  return {
    lines: lines.length,
    settle: count('settle'),
    review: count('review'),
    refundDue: count('refund_due'),
    recorded: count('recorded'),
    meanwhile: lines.filter((line) => line.meanwhile).length,
    skipped: count('skipped'),
    errors: count('error'),
    toImport: lines.filter((line) => recordsDeposit(line.outcome)).length,
  };
}
