import type { Readable } from 'node:stream';
import { KOREA_OFFSET_MS, koreaDay, koreaWallClock } from '@portal/contract/korea-time';
import type { DepositStatus, ExportLanguage } from '@portal/contract/transactions';
import { csvStream, downloadDisposition, neutralise } from '@server/lib/text-export';
import { xlsxStream, type XlsxColumn, type XlsxValue } from '@server/lib/xlsx-stream';
import type { DepositRow } from './service';

/**
 * The deposit queue's exports (docs/decisions/021): the filtered deposits, every page, newest
 * first, in the reader's language. The words are the Deposits screen's (the web's depositsAdmin
 * locale files, `columns`, `tabs` and `source`), which a test keeps equal.
 */
export const DEPOSIT_EXPORT_WORDS = {
  en: {
    columns: {
      bankReference: 'Bank reference',
      depositor: 'Depositor',
      amount: 'Amount',
      receivedAt: 'Received at',
      source: 'Source',
    },
    status: 'Status',
    receivingAccount: 'Receiving account',
    recordedAt: 'Recorded at',
    kst: ' (KST)',
    tabs: {
      review: 'To review',
      refund_due: 'Refund due',
      settled: 'Settled',
      refunded: 'Refunded',
      written_off: 'Written off',
    },
    source: {
      webhook: 'Bank notification',
      statement: 'Statement import',
      manual: 'Entered by hand',
    },
    sheet: 'Deposits',
    file: 'deposits-',
  },
  ko: {
    columns: {
      bankReference: '은행 거래 참조번호',
      depositor: '입금자',
      amount: '금액',
      receivedAt: '입금 일시',
      source: '접수 경로',
    },
    status: '상태',
    receivingAccount: '입금 계좌',
    recordedAt: '기록 일시',
    kst: '(KST)',
    tabs: {
      review: '확인 필요',
      refund_due: '반환 예정',
      settled: '구매 완료',
      refunded: '반환 완료',
      written_off: '손실 처리',
    },
    source: { webhook: '은행 알림', statement: '거래내역 가져오기', manual: '직접 입력' },
    sheet: '입금',
    file: '입금내역_',
  },
} as const;

/** deposits-2026-11-26.csv, 입금내역_2026-11-26.csv (the day in Korea). */
export function depositExportDisposition(
  language: ExportLanguage,
  format: 'csv' | 'xlsx',
  now = new Date(),
): string {
  const name = (words: string) => `${words}${koreaDay(now)}.${format}`;
  return downloadDisposition(
    name(DEPOSIT_EXPORT_WORDS[language].file),
    name(DEPOSIT_EXPORT_WORDS.en.file),
  );
}

function columns(language: ExportLanguage): XlsxColumn[] {
  const words = DEPOSIT_EXPORT_WORDS[language];
  return [
    { header: words.columns.bankReference, width: 24, type: 'text' },
    { header: words.columns.depositor, width: 20, type: 'text' },
    {
      header: `${words.columns.amount}${language === 'ko' ? '(원)' : ' (KRW)'}`,
      width: 16,
      type: 'number',
      numFmt: '#,##0',
    },
    {
      header: `${words.columns.receivedAt}${words.kst}`,
      width: 20,
      type: 'date',
      numFmt: 'yyyy-mm-dd hh:mm:ss',
    },
    { header: words.receivingAccount, width: 20, type: 'text' },
    { header: words.columns.source, width: 18, type: 'text' },
    { header: words.status, width: 14, type: 'text' },
    {
      header: `${words.recordedAt}${words.kst}`,
      width: 20,
      type: 'date',
      numFmt: 'yyyy-mm-dd hh:mm:ss',
    },
  ];
}

/** One deposit's cells: text neutralised for CSV readers, times as Korean wall-clock. */
function cells(row: DepositRow, language: ExportLanguage, asText: boolean): XlsxValue[] {
  const words = DEPOSIT_EXPORT_WORDS[language];
  const time = (at: Date) =>
    asText ? koreaWallClock(at) : new Date(at.getTime() + KOREA_OFFSET_MS);
  const text = (value: string) => (asText ? neutralise(value) : value);
  return [
    text(row.bankReference),
    text(row.depositorName),
    asText ? row.amountKrw : Number(row.amountKrw),
    time(row.receivedAt),
    text(row.receivingAccount ?? ''),
    words.source[row.source],
    words.tabs[row.status as DepositStatus],
    time(row.createdAt),
  ];
}

/** CSV: UTF-8 with a byte order mark, a header row, CRLF lines (lib/text-export.ts). */
export function depositCsv(
  batches: AsyncIterable<DepositRow[]>,
  language: ExportLanguage,
): Readable {
  return csvStream(
    columns(language).map((column) => column.header),
    batches,
    (row) => cells(row, language, true).map(String),
  );
}

/** Excel: won a number, times real dates showing Korea's wall-clock time. */
export function depositXlsx(
  batches: AsyncIterable<DepositRow[]>,
  language: ExportLanguage,
): Readable {
  async function* rows(): AsyncGenerator<XlsxValue[][]> {
    for await (const batch of batches) yield batch.map((row) => cells(row, language, false));
  }
  return xlsxStream(DEPOSIT_EXPORT_WORDS[language].sheet, columns(language), rows());
}
