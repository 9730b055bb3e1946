import { createHash } from 'node:crypto';
import { readDecimal } from '@portal/contract/decimal';
import { readBankDateTime } from '@portal/contract/korea-time';
import { checkWon, KRW_AMOUNT, withoutWonSign } from '@portal/contract/money';
import {
  MAX_STATEMENT_LINES,
  type StatementColumn,
  type StatementOutcome,
  type StatementProblem,
} from '@portal/contract/statement-import';
import {
  bankReferenceSchema,
  depositNotificationSchema,
  depositorNameSchema,
  type DepositNotification,
} from '@portal/contract/transactions';
import { validationMessage } from '@portal/contract/validation-messages';
import { AppError } from '@server/lib/errors';
import { findLayout, type ColumnIndex } from './statement-columns';
import { readStatementTable, type StatementFormat, type StatementRow } from './statement-file';

/**
 * A bank statement read line by line (docs/decisions/019): the deposits it holds, ready for the
 * one matching path, and for every other line why it is skipped (a withdrawal, a total) or what
 * is wrong with it, cell by cell, as validation message keys the web translates. Reading writes
 * nothing and decides nothing about buys: statement-import.ts does, with service.ts.
 *
 * Times without an offset are Korea's; won are read by the contract's one won reader (`checkWon`,
 * docs/decisions/014), so "1,000,000원" is 1000000 and "1,00" or "1000.5" are refused.
 */

export interface ReadLine {
  line: number;
  receivedAt: string | null;
  depositorName: string | null;
  amountKrw: string | null;
  bankReference: string | null;
  referenceMade: boolean;
  /** A deposit to record (its outcome is matching's to decide)... */
  deposit?: DepositNotification;
  /** ...whose time the file gives to the second, or only to the minute. */
  seconds?: boolean;
  /** ...or the outcome already known: skipped, or not read. */
  outcome?: Extract<StatementOutcome, { kind: 'skipped' | 'error' }>;
}

export interface ReadStatement {
  fingerprint: string;
  format: StatementFormat;
  receivingAccount: string | null;
  lines: ReadLine[];
}

const SUMMARY_WORDS = new Set(['합계', '총계', '소계', '계', 'total']);

export async function readStatement(bytes: Buffer): Promise<ReadStatement> {
  const fingerprint = createHash('sha256').update(bytes).digest('hex');
  const table = await readStatementTable(bytes);
  const rows = table.rows.filter((row) => row.cells.some((cell) => cell.trim() !== ''));
  if (rows.length === 0) throw new AppError('STATEMENT_EMPTY');
  const layout = findLayout(rows);
  const data = rows.slice(layout.headerIndex + 1);
  if (data.length > MAX_STATEMENT_LINES) {
    throw new AppError(
      'STATEMENT_TOO_MANY_LINES',
      `A statement may have at most ${MAX_STATEMENT_LINES} lines; this one has ${data.length}. Split it into smaller files.`,
    );
  }
  const occurrences = new Map<string, number>();
  const lines = data
    .map((row) => readLine(row, layout.columns, layout.receivingAccount, occurrences))
    .filter((line): line is ReadLine => line !== null);
  if (lines.length === 0) throw new AppError('STATEMENT_EMPTY');
  return {
    fingerprint,
    format: table.format,
    receivingAccount: layout.receivingAccount,
    lines,
  };
}

/** Blank, "0" or "-": the side of a line that has no money on it. */
function noMoney(text: string | undefined): boolean {
  const trimmed = withoutWonSign(text ?? '');
  if (trimmed === '' || trimmed === '-') return true;
  const reading = readDecimal(trimmed, KRW_AMOUNT, { grouping: true });
  return reading.ok && reading.value === '0';
}

function readLine(
  row: StatementRow,
  columns: ColumnIndex,
  accountAbove: string | null,
  occurrences: Map<string, number>,
): ReadLine | null {
  const cell = (column: StatementColumn) => {
    const index = columns[column];
    return index === undefined ? undefined : (row.cells[index] ?? '');
  };
  const when = cell('receivedAt') ?? cell('date') ?? '';
  const name = cell('depositorName') ?? '';
  const amountText = cell('amount') ?? '';
  const withdrawalText = cell('withdrawal');
  // A note under the table ("※ ..."): nothing a deposit has.
  if ([when, name, amountText, withdrawalText ?? ''].every((text) => text.trim() === '')) {
    return null;
  }
  const shown = {
    line: row.line,
    receivedAt: null,
    depositorName: name.trim() === '' ? null : name,
    amountKrw: null,
    bankReference: null,
    referenceMade: false,
  };
  if (SUMMARY_WORDS.has(when.replace(/\s+/g, '').toLowerCase())) {
    return { ...shown, outcome: { kind: 'skipped', why: 'summary' } };
  }
  const problems: StatementProblem[] = [];
  const problem = (column: StatementColumn, message: string, value: string) =>
    problems.push({ column, message, value });

  // Money in, or money out: a withdrawal is not a deposit and is skipped, not refused.
  const time = readTime(cell, columns);
  if (noMoney(amountText) && !noMoney(withdrawalText)) {
    const receivedAt = time.ok ? time.iso : null;
    return { ...shown, receivedAt, outcome: { kind: 'skipped', why: 'withdrawal' } };
  }
  let amountKrw: string | null = null;
  if (!noMoney(amountText) && !noMoney(withdrawalText)) {
    problem('amount', validationMessage('statementDepositAndWithdrawal'), amountText);
  } else {
    const amount = checkWon(amountText);
    if (amount.ok) amountKrw = amount.value;
    else problem('amount', amount.message, amountText);
  }

  if (!time.ok) problem(time.column, time.message, time.value);
  const receivedAt = time.ok ? time.iso : null;

  const nameCheck = depositorNameSchema.safeParse(name);
  if (!nameCheck.success) problem('depositorName', nameCheck.error.issues[0]!.message, name);

  const referenceText = cell('bankReference')?.trim() ?? '';
  let bankReference: string | null = null;
  if (referenceText !== '') {
    const reference = bankReferenceSchema.safeParse(referenceText);
    if (reference.success) bankReference = reference.data;
    else problem('bankReference', reference.error.issues[0]!.message, referenceText);
  }
  const receivingAccount = cell('receivingAccount')?.trim() || accountAbove || undefined;

  const read = { ...shown, receivedAt, amountKrw, bankReference };
  if (problems.length > 0 || amountKrw === null || receivedAt === null) {
    return { ...read, outcome: { kind: 'error', problems } };
  }
  const made = bankReference === null;
  const reference =
    bankReference ??
    madeReference(
      { receivedAt, amountKrw, name, receivingAccount, balance: cell('balance') ?? '' },
      occurrences,
    );
  const parsed = depositNotificationSchema.safeParse({
    bankReference: reference,
    // Exactly as the bank wrote it: the matching rule decides what differences are allowed.
    depositorName: name,
    amountKrw,
    receivedAt,
    ...(receivingAccount ? { receivingAccount } : {}),
  });
  if (!parsed.success) {
    // Only the receiving account is left unchecked above.
    const issue = parsed.error.issues[0]!;
    return {
      ...read,
      outcome: {
        kind: 'error',
        problems: [
          { column: 'receivingAccount', message: issue.message, value: receivingAccount ?? '' },
        ],
      },
    };
  }
  return {
    ...read,
    bankReference: reference,
    referenceMade: made,
    deposit: { ...parsed.data, receivedAt },
    seconds: time.ok && time.seconds,
  };
}

type TimeReading =
  | { ok: true; iso: string; seconds: boolean }
  | { ok: false; column: StatementColumn; message: string; value: string };

/** The time, from one column ("2026.11.24 11:35:00") or from a date and a time column. */
function readTime(
  cell: (column: StatementColumn) => string | undefined,
  columns: ColumnIndex,
): TimeReading {
  const together = columns.receivedAt !== undefined;
  const date = (together ? cell('receivedAt') : cell('date')) ?? '';
  const time = together ? undefined : cell('time');
  const text = time === undefined ? date : `${date.trim()} ${time.trim()}`;
  if (text.trim() === '') {
    return { ok: false, column: together ? 'receivedAt' : 'date', message: 'required', value: '' };
  }
  const reading = readBankDateTime(text);
  if (reading.ok) return reading;
  const missingTime = reading.problem === 'timeMissing';
  return {
    ok: false,
    column: together ? 'receivedAt' : missingTime && time !== undefined ? 'time' : 'date',
    message: missingTime
      ? 'statementTimeMissing'
      : reading.problem === 'dateOutOfRange'
        ? 'dateOutOfRange'
        : 'statementDateInvalid',
    value: text.trim(),
  };
}

/**
 * Korean banks' exports carry no reference of the transfer, and deposits are recorded once by
 * their bank reference: the portal makes one from what identifies the line in its account's
 * history (decision 019): when, how much, from whom, into which account and the balance after,
 * and how many identical lines came before it in the file. The same line in another export of
 * the same account makes the same reference, so importing overlapping statements records each
 * deposit once. "ST-20261124-113500-" then 12 hex digits of a SHA-256.
 */
function madeReference(
  line: {
    receivedAt: string;
    amountKrw: string;
    name: string;
    receivingAccount: string | undefined;
    balance: string;
  },
  occurrences: Map<string, number>,
): string {
  const base = [
    'v1',
    (line.receivingAccount ?? '').replace(/\D/g, ''),
    line.receivedAt,
    line.amountKrw,
    line.name.normalize('NFC').trim(),
    withoutWonSign(line.balance).replace(/[,\s]/g, ''),
  ].join('|');
  const occurrence = (occurrences.get(base) ?? 0) + 1;
  occurrences.set(base, occurrence);
  const hash = createHash('sha256').update(`${base}|${occurrence}`).digest('hex').slice(0, 12);
  const digits = line.receivedAt.replace(/\D/g, '');
  return `ST-${digits.slice(0, 8)}-${digits.slice(8, 14)}-${hash}`;
}
