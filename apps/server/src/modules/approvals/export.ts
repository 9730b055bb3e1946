import type { Readable } from 'node:stream';
import type { Approval, ApprovalAction, ApprovalKind } from '@portal/contract/approvals';
import { KOREA_OFFSET_MS, koreaDay, koreaWallClock } from '@portal/contract/korea-time';
import type { ExportLanguage } from '@portal/contract/transactions';
import { csvStream, downloadDisposition, neutralise } from '@server/lib/text-export';
import { xlsxStream, type XlsxColumn, type XlsxValue } from '@server/lib/xlsx-stream';
import { toApproval, type Selected } from './repository';

/**
 * The approvals queue's exports (docs/decisions/017, 021): the filtered approvals, every page, in
 * the list's order and the reader's language. Kinds and statuses are the screen's words (the
 * web's common locale files, `approvals.kinds` and `approvals.statuses`).
 */
export const APPROVAL_EXPORT_WORDS = {
  en: {
    columns: {
      requestedAt: 'Requested at',
      kind: 'Kind',
      what: 'What',
      amount: 'Amount',
      maker: 'Requested by',
      status: 'Status',
      checker: 'Decided by',
      decidedAt: 'Decided at',
      reason: 'Rejection reason',
    },
    kst: ' (KST)',
    krw: ' (KRW)',
    kinds: {
      payout: 'Payout of a sale',
      deposit_match: 'Deposit match',
      buy_cancellation: 'Buy cancellation',
      deposit_refund: 'Deposit refund',
      rate_change: 'Rate change',
      agency_bank_account: 'Agency bank account',
      operator_role: 'Operator role',
    },
    statuses: {
      pending: 'Pending approval',
      approved: 'Approved',
      rejected: 'Rejected',
      withdrawn: 'Withdrawn',
    },
    sheet: 'Approvals',
    file: 'approvals-',
  },
  ko: {
    columns: {
      requestedAt: '요청 일시',
      kind: '종류',
      what: '내용',
      amount: '금액',
      maker: '요청자',
      status: '상태',
      checker: '승인자',
      decidedAt: '처리 일시',
      reason: '거절 사유',
    },
    kst: '(KST)',
    krw: '(원)',
    kinds: {
      payout: '판매 대금 지급',
      deposit_match: '입금 연결',
      buy_cancellation: '구매 요청 취소',
      deposit_refund: '입금 반환',
      rate_change: '환율 변경',
      agency_bank_account: '대행사 입금 계좌',
      operator_role: '운영자 역할',
    },
    statuses: { pending: '승인 대기', approved: '승인됨', rejected: '거절됨', withdrawn: '철회됨' },
    sheet: '승인',
    file: '승인내역_',
  },
} as const satisfies Record<
  ExportLanguage,
  { kinds: Record<ApprovalKind, string>; statuses: Record<Approval['status'], string> } & Record<
    string,
    unknown
  >
>;

/** approvals-2026-11-26.csv, 승인내역_2026-11-26.csv (the day in Korea). */
export function approvalExportDisposition(
  language: ExportLanguage,
  format: 'csv' | 'xlsx',
  now = new Date(),
): string {
  const name = (words: string) => `${words}${koreaDay(now)}.${format}`;
  return downloadDisposition(
    name(APPROVAL_EXPORT_WORDS[language].file),
    name(APPROVAL_EXPORT_WORDS.en.file),
  );
}

/** What was asked, in one line a reader of the file understands without the screen. */
export function approvalSummary(action: ApprovalAction, language: ExportLanguage): string {
  const ko = language === 'ko';
  const won = (amount: string) => (ko ? `${amount}원` : `${amount} KRW`);
  switch (action.kind) {
    case 'payout': {
      const { number, userName, assetAmount, asset, totalKrw } = action.transaction;
      return `${number} (${userName}): ${assetAmount} ${asset}, ${won(totalKrw)}`;
    }
    case 'buy_cancellation': {
      const { number, userName } = action.transaction;
      return `${number} (${userName}): ${action.reason}`;
    }
    case 'deposit_match': {
      const { bankReference, depositorName, amountKrw } = action.deposit;
      const deposit = `${bankReference} (${depositorName}, ${won(amountKrw)})`;
      return ko
        ? `입금 ${deposit} → 구매 요청 ${action.transaction.number}`
        : `Deposit ${deposit} pays buy request ${action.transaction.number}`;
    }
    case 'deposit_refund': {
      const { bankReference, depositorName, amountKrw } = action.deposit;
      const deposit = `${bankReference} (${depositorName}, ${won(amountKrw)})`;
      return ko ? `입금 ${deposit} 반환` : `Deposit ${deposit} back to its sender`;
    }
    case 'rate_change': {
      const { asset, from, to } = action;
      const [buy, sell] = ko ? ['구매', '판매'] : ['buy', 'sell'];
      return `${asset}: ${buy} ${from.buyRateKrw} → ${to.buyRateKrw}, ${sell} ${from.sellRateKrw} → ${to.sellRateKrw}`;
    }
    case 'agency_bank_account': {
      const { bankName, accountNumber, accountHolder } = action.to;
      return `${action.agency.name} (${action.agency.code}): ${bankName} ${accountNumber} (${accountHolder})`;
    }
    case 'operator_role':
      return `${action.user.name} (${action.user.email})`;
  }
}

/** The won an approval moves, when it moves any: the deposit's, else the transaction's total. */
export function approvalAmount(action: ApprovalAction): string | null {
  if ('deposit' in action) return action.deposit.amountKrw;
  if ('transaction' in action && action.transaction) return action.transaction.totalKrw;
  return null;
}

function columns(language: ExportLanguage): XlsxColumn[] {
  const words = APPROVAL_EXPORT_WORDS[language];
  const time = (header: string): XlsxColumn => ({
    header: `${header}${words.kst}`,
    width: 20,
    type: 'date',
    numFmt: 'yyyy-mm-dd hh:mm:ss',
  });
  return [
    time(words.columns.requestedAt),
    { header: words.columns.kind, width: 18, type: 'text' },
    { header: words.columns.what, width: 50, type: 'text' },
    {
      header: `${words.columns.amount}${words.krw}`,
      width: 16,
      type: 'number',
      numFmt: '#,##0',
    },
    { header: words.columns.maker, width: 18, type: 'text' },
    { header: words.columns.status, width: 14, type: 'text' },
    { header: words.columns.checker, width: 18, type: 'text' },
    time(words.columns.decidedAt),
    { header: words.columns.reason, width: 40, type: 'text' },
  ];
}

/** One approval's cells: text neutralised for CSV readers, times as Korean wall-clock. */
function cells(row: Selected, language: ExportLanguage, asText: boolean): XlsxValue[] {
  const words = APPROVAL_EXPORT_WORDS[language];
  const approval = toApproval(row);
  const time = (iso: string | null) => {
    if (iso === null) return '';
    const at = new Date(iso);
    return asText ? koreaWallClock(at) : new Date(at.getTime() + KOREA_OFFSET_MS);
  };
  const text = (value: string) => (asText ? neutralise(value) : value);
  const amount = approvalAmount(approval.action);
  return [
    time(approval.requestedAt),
    words.kinds[approval.action.kind],
    text(approvalSummary(approval.action, language)),
    // No amount is an empty cell: NaN, since Number('') would write a 0 (lib/xlsx-stream.ts).
    amount === null ? (asText ? '' : Number.NaN) : asText ? amount : Number(amount),
    text(approval.requestedBy.name),
    words.statuses[approval.status],
    text(approval.decidedBy?.name ?? ''),
    time(approval.decidedAt),
    text(approval.rejectionReason ?? ''),
  ];
}

/** CSV: UTF-8 with a byte order mark, a header row, CRLF lines (lib/text-export.ts). */
export function approvalCsv(
  batches: AsyncIterable<Selected[]>,
  language: ExportLanguage,
): Readable {
  return csvStream(
    columns(language).map((column) => column.header),
    batches,
    (row) => cells(row, language, true).map(String),
  );
}

/** Excel: won a number, times real dates showing Korea's wall-clock time. */
export function approvalXlsx(
  batches: AsyncIterable<Selected[]>,
  language: ExportLanguage,
): Readable {
  async function* rows(): AsyncGenerator<XlsxValue[][]> {
    for await (const batch of batches) yield batch.map((row) => cells(row, language, false));
  }
  return xlsxStream(APPROVAL_EXPORT_WORDS[language].sheet, columns(language), rows());
}
