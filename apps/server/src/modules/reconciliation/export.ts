import { Readable } from 'node:stream';
import {
  DEPOSIT_FIGURES,
  MERCHANT_FIGURES,
  type DepositFigures,
  type ReconciliationResponse,
} from '@portal/contract/reconciliation';
import type { ExportLanguage } from '@portal/contract/transactions';
import { csvHead, csvLine, downloadDisposition, neutralise } from '@server/lib/text-export';
import { xlsxStream, type XlsxColumn, type XlsxValue } from '@server/lib/xlsx-stream';

/**
 * The reconciliation's exports (docs/decisions/018): one file per table of the screen (receiving
 * accounts, merchants), its rows then a total row, in the reader's language. The words are the
 * Reconciliation screen's (the web's reconciliation locale files), which a test keeps equal.
 */
export const RECONCILIATION_EXPORT_WORDS = {
  en: {
    columns: {
      day: 'Day (KST)',
      agency: 'Partner agency',
      bank: 'Bank',
      accountNumber: 'Account number',
      holder: 'Account holder',
      merchant: 'Merchant',
      asset: 'Asset',
      total: 'Total',
      notReported: 'Not reported by the bank',
    },
    figures: {
      received: 'Received',
      settled: 'Settled',
      refundDue: 'Refund due',
      refunded: 'Refunded',
      writtenOff: 'Written off',
      inReview: 'In review',
      credited: 'Credited',
      debited: 'Debited',
      returned: 'Returned',
    },
    units: { count: 'count', krw: 'won', amount: 'asset' },
    unitHeader: (figure: string, unit: string) => `${figure} (${unit})`,
    sheet: { accounts: 'Receiving accounts', merchants: 'Merchants' },
    file: { accounts: 'reconciliation-accounts-', merchants: 'reconciliation-merchants-' },
  },
  ko: {
    columns: {
      day: '날짜(KST)',
      agency: '제휴 대행사',
      bank: '은행',
      accountNumber: '계좌번호',
      holder: '예금주',
      merchant: '머천트',
      asset: '자산',
      total: '합계',
      notReported: '은행이 알리지 않음',
    },
    figures: {
      received: '입금',
      settled: '구매 완료',
      refundDue: '반환 예정',
      refunded: '반환 완료',
      writtenOff: '손실 처리',
      inReview: '확인 필요',
      credited: '입고',
      debited: '차감',
      returned: '반환 입고',
    },
    units: { count: '건수', krw: '금액(원)', amount: '수량' },
    unitHeader: (figure: string, unit: string) => `${figure} ${unit}`,
    sheet: { accounts: '입금 계좌', merchants: '머천트' },
    file: { accounts: '정산대사_입금계좌_', merchants: '정산대사_머천트_' },
  },
} as const;

export const RECONCILIATION_PARTS = ['accounts', 'merchants'] as const;
export type ReconciliationPart = (typeof RECONCILIATION_PARTS)[number];
export type ReconciliationFormat = 'csv' | 'xlsx';

/** reconciliation-accounts-2026-11-01_2026-11-30.csv, 정산대사_입금계좌_2026-11-01_2026-11-30.csv */
export function reconciliationDisposition(
  language: ExportLanguage,
  part: ReconciliationPart,
  format: ReconciliationFormat,
  report: Pick<ReconciliationResponse, 'from' | 'to'>,
): string {
  const name = (words: string) => `${words}${report.from}_${report.to}.${format}`;
  return downloadDisposition(
    name(RECONCILIATION_EXPORT_WORDS[language].file[part]),
    name(RECONCILIATION_EXPORT_WORDS.en.file[part]),
  );
}

interface Table {
  columns: XlsxColumn[];
  rows: XlsxValue[][];
}

function figureCells(figures: DepositFigures): XlsxValue[] {
  return DEPOSIT_FIGURES.flatMap((figure) => [figures[figure].count, figures[figure].krw]);
}

/** The table of one part: counts are numbers, won exact decimal text until Excel's turn. */
export function reconciliationTable(
  report: ReconciliationResponse,
  part: ReconciliationPart,
  language: ExportLanguage,
): Table {
  const words = RECONCILIATION_EXPORT_WORDS[language];
  const text = (header: string, width = 16): XlsxColumn => ({ header, width, type: 'text' });
  const count = (header: string): XlsxColumn => ({ header, width: 12, type: 'number' });
  const won = (header: string): XlsxColumn => ({
    header,
    width: 16,
    type: 'number',
    numFmt: '#,##0',
  });
  const unit = (figure: keyof typeof words.figures, key: keyof typeof words.units) =>
    words.unitHeader(words.figures[figure], words.units[key]);
  if (part === 'accounts') {
    const columns = [
      text(words.columns.day, 12),
      text(words.columns.agency, 24),
      text(words.columns.bank),
      text(words.columns.accountNumber, 20),
      text(words.columns.holder, 20),
      ...DEPOSIT_FIGURES.flatMap((figure) => [
        count(unit(figure, 'count')),
        won(unit(figure, 'krw')),
      ]),
    ];
    const rows: XlsxValue[][] = report.accounts.map((row) => [
      row.day,
      neutralise(row.account.agency?.name ?? ''),
      neutralise(row.account.bankName ?? ''),
      neutralise(row.account.accountNumber ?? words.columns.notReported),
      neutralise(row.account.accountHolder ?? ''),
      ...figureCells(row.figures),
    ]);
    rows.push([words.columns.total, '', '', '', '', ...figureCells(report.totals.accounts)]);
    return { columns, rows };
  }
  const columns = [
    text(words.columns.day, 12),
    text(words.columns.merchant, 24),
    text(words.columns.asset, 10),
    ...MERCHANT_FIGURES.flatMap((figure) => [
      count(unit(figure, 'count')),
      text(unit(figure, 'amount')),
      won(unit(figure, 'krw')),
    ]),
  ];
  const rows: XlsxValue[][] = report.merchants.map((row) => [
    row.day,
    neutralise(row.merchant.name),
    neutralise(row.merchant.asset),
    ...MERCHANT_FIGURES.flatMap((figure) => [
      row[figure].count,
      row[figure].amount,
      row[figure].krw,
    ]),
  ]);
  rows.push([
    words.columns.total,
    '',
    '',
    ...MERCHANT_FIGURES.flatMap((figure) => [
      report.totals.merchants[figure].count,
      '',
      report.totals.merchants[figure].krw,
    ]),
  ]);
  return { columns, rows };
}

/** CSV: UTF-8 with a byte order mark, a header row, CRLF lines (lib/text-export.ts). */
export function reconciliationCsv(table: Table): string {
  return (
    csvHead(table.columns.map((column) => column.header)) +
    table.rows.map((row) => csvLine(row.map((cell) => String(cell)))).join('')
  );
}

export function reconciliationXlsx(table: Table, sheet: string): Readable {
  // Won become numbers in Excel, so a sheet can add them up: exact below 2^53 won.
  const numeric = table.columns.map((column) => column.type === 'number');
  async function* rows(): AsyncGenerator<XlsxValue[][]> {
    yield table.rows.map((row) =>
      row.map((cell, index) =>
        numeric[index] && typeof cell === 'string' && cell !== '' ? Number(cell) : cell,
      ),
    );
  }
  return xlsxStream(sheet, table.columns, rows());
}
