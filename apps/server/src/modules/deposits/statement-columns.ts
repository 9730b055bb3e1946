import type { StatementColumn } from '@portal/contract/statement-import';
import { AppError } from '@server/lib/errors';
import type { StatementRow } from './statement-file';

/**
 * Which column of a statement is which, by its header as the bank names it (docs/decisions/019).
 * Korean banks' internet-banking exports put a title, the account and the period above the
 * header row, name the same thing differently (입금액, 입금, 입금금액, 맡기신금액), add units
 * ("입금액(원)") and spaces ("거래 후 잔액"), and put the depositor's name in different columns.
 * Headers are compared without spaces, case, a trailing unit in brackets or a period.
 */

/**
 * Headers by meaning. For the depositor the order is a preference: where a file has several of
 * these columns, the first named here is the name (IBK has both 거래내용 and 상대계좌예금주명).
 */
const ALIASES: Record<StatementColumn, readonly string[]> = {
  receivedAt: ['received_at', '거래일시', '입금일시', '거래일자/시간', '일시'],
  date: ['거래일자', '거래일', '입금일자', '입금일', '일자', '날짜'],
  time: ['거래시간', '거래시각', '입금시간', '시간', '시각'],
  depositorName: [
    'depositor_name',
    '입금자명',
    '입금자',
    '입금인',
    '의뢰인',
    '의뢰인명',
    '보낸분',
    '보낸분/받는분',
    '의뢰인/수취인',
    '상대계좌예금주명',
    '상대예금주명',
    '예금주명',
    '상대방',
    '기재내용',
    '거래기록사항',
    '내용',
  ],
  amount: ['amount_krw', '입금액', '입금', '입금금액', '맡기신금액', '받은금액'],
  withdrawal: ['출금액', '출금', '출금금액', '찾으신금액', '지급', '지급액', '지급금액'],
  bankReference: ['bank_reference', '거래번호', '거래고유번호', '참조번호'],
  receivingAccount: ['receiving_account', '입금계좌', '입금계좌번호'],
  balance: ['거래후잔액', '잔액', '거래후잔고', '잔고', '남은금액', '통장잔액'],
  memo: ['적요', '거래내용', '메모', '송금메모', '이체메모', '내통장표시'],
};

/** How far down a file its header row may be (title, account, period and blank rows above it). */
const HEADER_SEARCH_ROWS = 30;

export function headerKey(text: string): string {
  return text
    .normalize('NFC')
    .replace(/\s+/g, '')
    .toLowerCase()
    .replace(/\((?:원|krw|₩)\)$/, '')
    .replace(/\.$/, '');
}

const BY_HEADER = new Map<string, { column: StatementColumn; rank: number }>(
  (Object.entries(ALIASES) as [StatementColumn, readonly string[]][]).flatMap(([column, names]) =>
    names.map((name, rank) => [headerKey(name), { column, rank }] as const),
  ),
);

/** Where each column is: its index in a row. */
export type ColumnIndex = Partial<Record<StatementColumn, number>>;

/** The columns of a header row, each taken from its most preferred header. */
export function columnsOf(header: readonly string[]): ColumnIndex {
  const best: Partial<Record<StatementColumn, { index: number; rank: number }>> = {};
  header.forEach((text, index) => {
    const known = BY_HEADER.get(headerKey(text));
    if (!known) return;
    const taken = best[known.column];
    if (!taken || known.rank < taken.rank) best[known.column] = { index, rank: known.rank };
  });
  return Object.fromEntries(
    Object.entries(best).map(([column, { index }]) => [column, index]),
  ) as ColumnIndex;
}

/** What a deposit cannot do without: when, how much, from whom. */
function missingColumns(columns: ColumnIndex): StatementColumn[] {
  const missing: StatementColumn[] = [];
  if (columns.receivedAt === undefined && columns.date === undefined) missing.push('receivedAt');
  if (columns.amount === undefined) missing.push('amount');
  if (columns.depositorName === undefined) missing.push('depositorName');
  return missing;
}

export interface StatementLayout {
  /** The index of the header row in the rows. */
  headerIndex: number;
  columns: ColumnIndex;
  /** The account number the file names above its header, if any. */
  receivingAccount: string | null;
}

/**
 * Finds the header row: the first of the top rows that names when, how much and from whom.
 * None does: 400 STATEMENT_COLUMNS_MISSING, with the columns the closest row lacks in `fields`
 * (`{ "amount": "required" }`), which the web names in the reader's language.
 */
export function findLayout(rows: readonly StatementRow[]): StatementLayout {
  let closest: StatementColumn[] = ['receivedAt', 'amount', 'depositorName'];
  for (const [headerIndex, row] of rows.slice(0, HEADER_SEARCH_ROWS).entries()) {
    const columns = columnsOf(row.cells);
    const missing = missingColumns(columns);
    if (missing.length === 0) {
      return {
        headerIndex,
        columns,
        receivingAccount: accountAbove(rows.slice(0, headerIndex)),
      };
    }
    if (missing.length < closest.length) closest = missing;
  }
  throw new AppError(
    'STATEMENT_COLUMNS_MISSING',
    `The statement has no header row naming these columns: ${closest.join(', ')}.`,
    { fields: Object.fromEntries(closest.map((column) => [column, 'required'])) },
  );
}

const ACCOUNT_LABEL = /^(?:조회)?계좌번호/;
const ACCOUNT_NUMBER = /\d{2,}(?:-\d+)+|\d{10,16}/;

/**
 * The account the statement is of, as banks print it above the header: a cell "계좌번호" with
 * the number in the next cell, or "계좌번호 : 110-123-456789" in one.
 */
function accountAbove(rows: readonly StatementRow[]): string | null {
  for (const { cells } of rows) {
    for (const [index, cell] of cells.entries()) {
      const text = cell.replace(/\s+/g, '');
      if (!ACCOUNT_LABEL.test(text)) continue;
      const inCell = ACCOUNT_NUMBER.exec(text.replace(ACCOUNT_LABEL, ''));
      if (inCell) return inCell[0];
      const next = cells.slice(index + 1).find((other) => other.trim() !== '');
      const inNext = next ? ACCOUNT_NUMBER.exec(next.replace(/\s+/g, '')) : null;
      if (inNext) return inNext[0];
    }
  }
  return null;
}
