import { depositNotificationSchema, type DepositNotification } from '@portal/contract/transactions';
import { checkAmount, KRW_AMOUNT } from '@portal/contract/money';
import { validationMessageEn } from '@portal/contract/validation-messages';
import { parse } from 'csv-parse/sync';
import { AppError } from '@server/lib/errors';
import { koreaWallClockToIso } from '@portal/contract/korea-time';

/**
 * A bank statement file: CSV, UTF-8 (a BOM is fine), a header row naming at least these
 * columns, in any order, then one deposit per line:
 *   bank_reference, depositor_name, amount_krw, received_at[, receiving_account]
 * received_at is ISO 8601; without an offset it is Korea's time (+09:00), as banks print it.
 * Amounts may carry thousands separators ("1,392,500"), read as a form reads them (one reader,
 * docs/decisions/014: "1,00" is refused, not taken as 100). Lines that fail are reported, not fatal.
 */
export const STATEMENT_COLUMNS = [
  'bank_reference',
  'depositor_name',
  'amount_krw',
  'received_at',
  'receiving_account',
] as const;
export const REQUIRED_COLUMNS = STATEMENT_COLUMNS.slice(0, 4);
export const MAX_STATEMENT_BYTES = 5 * 1024 * 1024;
export const MAX_STATEMENT_LINES = 10_000;

export interface StatementLine {
  /** The line number in the file (the header is line 1). */
  line: number;
  deposit?: DepositNotification;
  error?: string;
}

export function parseStatement(bytes: Buffer): StatementLine[] {
  let records: string[][];
  try {
    records = parse(bytes, {
      bom: true,
      skip_empty_lines: true,
      relax_column_count: true,
      trim: false,
      max_record_size: 10_000,
    });
  } catch (error) {
    throw new AppError('STATEMENT_INVALID', undefined, { cause: error });
  }
  const [header, ...rows] = records;
  if (!header) throw new AppError('STATEMENT_INVALID', 'The statement file is empty.');
  const columns = header.map((name) => name.trim().toLowerCase());
  const missing = REQUIRED_COLUMNS.filter((name) => !columns.includes(name));
  if (missing.length > 0) {
    throw new AppError('STATEMENT_INVALID', `The statement has no column ${missing.join(', ')}.`);
  }
  if (rows.length > MAX_STATEMENT_LINES) {
    throw new AppError(
      'STATEMENT_INVALID',
      `A statement may have at most ${MAX_STATEMENT_LINES} lines; split the file.`,
    );
  }
  const cell = (row: string[], name: string) => {
    const index = columns.indexOf(name);
    return index === -1 ? undefined : row[index];
  };

  return rows.map((row, index) => {
    const line = index + 2;
    const receivedAt = cell(row, 'received_at')?.trim() ?? '';
    const receivingAccount = cell(row, 'receiving_account')?.trim();
    const amount = checkAmount(cell(row, 'amount_krw') ?? '', KRW_AMOUNT, { grouping: true });
    if (!amount.ok) return { line, error: `amount_krw: ${validationMessageEn(amount.message)}` };
    const parsed = depositNotificationSchema.safeParse({
      bankReference: cell(row, 'bank_reference') ?? '',
      // Exactly as the bank wrote it: the matching rule decides what differences are allowed.
      depositorName: cell(row, 'depositor_name') ?? '',
      amountKrw: amount.value,
      // Without an offset the time is Korea's, as banks print it.
      receivedAt: koreaWallClockToIso(receivedAt) ?? receivedAt,
      ...(receivingAccount ? { receivingAccount } : {}),
    });
    if (parsed.success) return { line, deposit: parsed.data };
    const issue = parsed.error.issues[0];
    const field = issue?.path.join('.') ?? 'line';
    return { line, error: `${field}: ${validationMessageEn(issue?.message ?? '') ?? 'not valid'}` };
  });
}
