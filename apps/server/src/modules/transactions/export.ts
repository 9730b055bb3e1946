import { Readable } from 'node:stream';
import type { ExportLanguage, TransactionType } from '@portal/contract/transactions';
import { csvStream, downloadDisposition, neutralise } from '@server/lib/text-export';
import { xlsxStream, type XlsxColumn, type XlsxValue } from '@server/lib/xlsx-stream';
import type { ExportRow } from './transaction-payloads';
import { trimDecimal } from '@portal/contract/decimal';
import { KOREA_OFFSET_MS, koreaDay, koreaWallClock } from '@portal/contract/korea-time';

/**
 * Exports of a transaction list: CSV and Excel of exactly the filtered rows, written to
 * the reply batch by batch as the database hands them over, so an export of any size takes the
 * memory of one batch. Headers and words follow the language the person reads the portal in.
 */

export type ExportFormat = 'csv' | 'xlsx';

/** Whose list: the user's own, an agency's clients', or every user's (the operator's). */
export type ExportScope = 'own' | 'agency' | 'operator';

/** The words of an export, in each language: the screens' words (the web's transactions locale
 * files), which a test keeps equal. */
export const EXPORT_WORDS = {
  en: {
    headers: {
      number: 'No.',
      type: 'Type',
      merchant: 'Merchant',
      account: 'Account',
      amount: 'Amount',
      rate: 'Rate',
      total: 'Total (KRW)',
      status: 'Status',
      date: 'Date (KST)',
      completed: 'Completed (KST)',
      depositReference: 'Deposit reference',
      payoutReference: 'Payout reference',
      client: 'Client',
    },
    type: { buy: 'Buy', sell: 'Sell' },
    status: {
      Requested: 'Requested',
      Pending: 'Pending',
      Completed: 'Completed',
      Cancelled: 'Cancelled',
    },
    sheet: 'Transactions',
    file: { own: 'transactions-', agency: 'client-transactions-', operator: 'all-transactions-' },
  },
  ko: {
    headers: {
      number: '번호',
      type: '유형',
      merchant: '머천트',
      account: '계정',
      amount: '수량',
      rate: '환율',
      total: '합계(원)',
      status: '상태',
      date: '일시(KST)',
      completed: '완료 일시(KST)',
      depositReference: '입금 참조번호',
      payoutReference: '지급 참조번호',
      client: '고객',
    },
    type: { buy: '구매', sell: '판매' },
    status: { Requested: '요청됨', Pending: '처리 중', Completed: '완료', Cancelled: '취소됨' },
    sheet: '거래 내역',
    file: { own: '거래내역_', agency: '고객거래내역_', operator: '전체거래내역_' },
  },
} as const;

type ColumnKey = keyof (typeof EXPORT_WORDS)['en']['headers'];

export function exportColumns(withClient: boolean): ColumnKey[] {
  const columns: ColumnKey[] = [
    'number',
    'type',
    'merchant',
    'account',
    'amount',
    'rate',
    'total',
    'status',
    'date',
  ];
  // The later columns came later; they follow the client so that earlier columns keep their place.
  return [
    ...columns,
    ...(withClient ? (['client'] as const) : []),
    'completed',
    'depositReference',
    'payoutReference',
  ];
}

export function exportHeaders(language: ExportLanguage, withClient: boolean): string[] {
  return exportColumns(withClient).map((column) => EXPORT_WORDS[language].headers[column]);
}

/** An Excel cell's date: a Date whose UTC fields read the Korean wall-clock time (Excel dates
 * have no zone, and the sheet shows Korea's time as the other exports do). */
function koreaWallTime(at: Date): Date {
  return new Date(at.getTime() + KOREA_OFFSET_MS);
}

/**
 * The file's name in the reader's language, with the day in Korea: transactions-2026-11-21.csv,
 * 거래내역_2026-11-21.csv; client-transactions-… and 고객거래내역_… for an agency's clients;
 * all-transactions-… and 전체거래내역_… for the operator's.
 */
function exportFileName(
  language: ExportLanguage,
  scope: ExportScope,
  format: ExportFormat,
  now = new Date(),
): string {
  return `${EXPORT_WORDS[language].file[scope]}${koreaDay(now)}.${format}`;
}

/** Content-Disposition of an export: its name in the reader's language, English as fallback. */
export function exportDisposition(
  language: ExportLanguage,
  scope: ExportScope,
  format: ExportFormat,
  now = new Date(),
): string {
  return downloadDisposition(
    exportFileName(language, scope, format, now),
    exportFileName('en', scope, format, now),
  );
}

/** The values of one row, as text (CSV) or typed (Excel). */
function rowValues(row: ExportRow, language: ExportLanguage, withClient: boolean) {
  const t = row.transaction;
  const words = EXPORT_WORDS[language];
  return {
    number: t.number,
    type: words.type[t.type as TransactionType],
    merchant: row.merchant.name,
    account: `${t.accountName} (${t.accountNumber})`,
    amount: trimDecimal(t.amount),
    rate: trimDecimal(t.rateKrw),
    total: t.totalKrw,
    status: words.status[t.status],
    date: t.createdAt,
    completed: t.completedAt,
    depositReference: row.depositReference ?? '',
    payoutReference: t.payoutReference ?? '',
    client: withClient ? `${row.user.name} (${row.user.email})` : '',
  };
}

const TEXT_COLUMNS = new Set<ColumnKey>([
  'merchant',
  'account',
  'client',
  'depositReference',
  'payoutReference',
]);

/** CSV: UTF-8 with a byte order mark (so Excel reads Korean right), a header row, CRLF lines. */
export function csvExport(
  batches: AsyncIterable<ExportRow[]>,
  language: ExportLanguage,
  withClient: boolean,
): Readable {
  const columns = exportColumns(withClient);
  return csvStream(exportHeaders(language, withClient), batches, (row) => {
    const values = rowValues(row, language, withClient);
    return columns.map((column) => {
      if (column === 'date') return koreaWallClock(values.date);
      if (column === 'completed') return values.completed ? koreaWallClock(values.completed) : '';
      const text = values[column];
      return TEXT_COLUMNS.has(column) ? neutralise(text) : text;
    });
  });
}

const NUMBER_FORMATS: Partial<Record<ColumnKey, string>> = {
  amount: '#,##0.00######',
  rate: '#,##0.00',
  total: '#,##0',
  date: 'yyyy-mm-dd hh:mm:ss',
  completed: 'yyyy-mm-dd hh:mm:ss',
};
const WIDTHS: Record<ColumnKey, number> = {
  number: 12,
  type: 8,
  merchant: 22,
  account: 32,
  amount: 16,
  rate: 12,
  total: 16,
  status: 12,
  date: 20,
  completed: 20,
  depositReference: 20,
  payoutReference: 20,
  client: 36,
};

/**
 * Excel (.xlsx), written directly (lib/xlsx-stream.ts) as the rows come. Cells are typed: amounts,
 * rates and won are numbers (won with no decimals), the date is a real date showing Korean
 * wall-clock time, the rest is text. Text cells are strings, never formulas, so they are written
 * as they are (the CSV's apostrophe is for programs that read a CSV field as a formula).
 */
export function xlsxExport(
  batches: AsyncIterable<ExportRow[]>,
  language: ExportLanguage,
  withClient: boolean,
): Readable {
  const columns = exportColumns(withClient);
  const sheetColumns: XlsxColumn[] = columns.map((column) => ({
    header: EXPORT_WORDS[language].headers[column],
    width: WIDTHS[column],
    type:
      column === 'date' || column === 'completed'
        ? 'date'
        : NUMBER_FORMATS[column]
          ? 'number'
          : 'text',
    ...(NUMBER_FORMATS[column] ? { numFmt: NUMBER_FORMATS[column] } : {}),
  }));
  async function* rows(): AsyncGenerator<XlsxValue[][]> {
    for await (const batch of batches) {
      yield batch.map((row) => {
        const values = rowValues(row, language, withClient);
        return columns.map((column) => {
          switch (column) {
            case 'amount':
            case 'rate':
            case 'total':
              return Number(values[column]);
            case 'date':
              return koreaWallTime(values.date);
            case 'completed':
              return values.completed ? koreaWallTime(values.completed) : '';
            default:
              return values[column];
          }
        });
      });
    }
  }
  return xlsxStream(EXPORT_WORDS[language].sheet, sheetColumns, rows());
}
