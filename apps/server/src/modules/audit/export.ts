import { Readable } from 'node:stream';
import type { AuditEvent } from '@portal/contract/audit';
import type { ExportLanguage as AuditExportLanguage } from '@portal/contract/transactions';
import { koreaDay, koreaWallClock, KOREA_OFFSET_MS } from '@portal/contract/korea-time';
import { csvStream, downloadDisposition, neutralise } from '@server/lib/text-export';
import { xlsxStream, type XlsxColumn, type XlsxValue } from '@server/lib/xlsx-stream';

/**
 * The audit trail's exports (docs/decisions/020): CSV and Excel of exactly the filtered events,
 * newest first, batch by batch as the database hands them over. Headers and the actions' words
 * follow the reader's language; they are the Audit log screen's words (the web's auditLog locale
 * files), which a test keeps equal.
 */
export const AUDIT_EXPORT_WORDS = {
  en: {
    headers: {
      seq: 'No.',
      time: 'Time (KST)',
      action: 'Action',
      actor: 'By',
      subject: 'About',
      object: 'Object',
      ip: 'IP address',
      details: 'Details',
      hash: 'Hash',
    },
    actions: {
      sign_in: 'Signed in',
      sign_in_failed: 'Sign-in failed',
      sign_out: 'Signed out',
      sign_up: 'Signed up',
      password_changed: 'Password changed',
      password_reset_requested: 'Password reset asked for',
      password_reset: 'Password reset by email',
      two_factor_enabled: 'Two-factor sign-in turned on',
      two_factor_disabled: 'Two-factor sign-in turned off',
      recovery_codes_renewed: 'New recovery codes made',
      recovery_code_used: 'Signed in with a recovery code',
      email_verification_sent: 'Email confirmation link sent',
      email_verified: 'Email confirmed',
      passkey_added: 'Passkey added',
      passkey_removed: 'Passkey removed',
      session_ended_by_user: 'Signed out a device',
      sessions_ended_by_operator: 'Signed a user out everywhere',
      profile_changed: 'Profile changed',
      kyc_uploaded: 'Document uploaded',
      kyc_approved: 'Document approved',
      kyc_rejected: 'Document rejected',
      role_changed: 'Role changed',
      status_changed: 'Status changed',
      agency_created: 'Agency created',
      agency_changed: 'Agency changed',
      agency_disabled: 'Agency disabled',
      agency_enabled: 'Agency enabled',
      agency_bank_account_changed: 'Agency bank account changed',
      merchant_credit_retried: 'Merchant credit retried',
      payee_changed: 'Payout bank account changed',
      transaction_cancelled_by_operator: 'Request cancelled by the operator',
      sandbox_account_topped_up: 'Sandbox account topped up',
      sandbox_account_closed: 'Sandbox account closed',
      deposit_matched: 'Deposit matched to a buy',
      deposit_refund_due: 'Deposit to be refunded',
      deposit_refunded: 'Deposit refunded',
      deposit_written_off: 'Deposit written off',
      deposit_reference_conflict: 'Bank reference sent again with other details',
      name_change_requested: 'Name change requested',
      name_change_approved: 'Name change approved',
      name_change_rejected: 'Name change rejected',
      merchant_created: 'Merchant added',
      merchant_changed: 'Merchant changed',
      deposit_recorded: 'Deposit entered by hand',
      statement_imported: 'Bank statement imported',
      rate_changed: 'Rates changed',
      payout_started: 'Sale taken for payout',
      payout_completed: 'Payout completed',
      approval_requested: 'Approval requested',
      approval_approved: 'Approved by a second operator',
      approval_rejected: 'Approval rejected',
      approval_withdrawn: 'Approval request withdrawn',
    },
    sheet: 'Audit trail',
    file: 'audit-trail-',
  },
  ko: {
    headers: {
      seq: '번호',
      time: '일시(KST)',
      action: '유형',
      actor: '수행자',
      subject: '대상',
      object: '대상 항목',
      ip: 'IP 주소',
      details: '상세',
      hash: '해시',
    },
    actions: {
      sign_in: '로그인',
      sign_in_failed: '로그인 실패',
      sign_out: '로그아웃',
      sign_up: '회원 가입',
      password_changed: '비밀번호 변경',
      password_reset_requested: '비밀번호 재설정 요청',
      password_reset: '이메일로 비밀번호 재설정',
      two_factor_enabled: '2단계 인증 켜짐',
      two_factor_disabled: '2단계 인증 꺼짐',
      recovery_codes_renewed: '새 복구 코드 발급',
      recovery_code_used: '복구 코드로 로그인',
      email_verification_sent: '이메일 확인 링크 발송',
      email_verified: '이메일 확인 완료',
      passkey_added: '패스키 추가',
      passkey_removed: '패스키 삭제',
      session_ended_by_user: '기기 로그아웃',
      sessions_ended_by_operator: '사용자 모든 기기 로그아웃',
      profile_changed: '프로필 변경',
      kyc_uploaded: '서류 제출',
      kyc_approved: '서류 승인',
      kyc_rejected: '서류 반려',
      role_changed: '역할 변경',
      status_changed: '계정 상태 변경',
      agency_created: '대행사 추가',
      agency_changed: '대행사 정보 변경',
      agency_disabled: '대행사 이용 중지',
      agency_enabled: '대행사 이용 재개',
      agency_bank_account_changed: '대행사 입금 계좌 변경',
      merchant_credit_retried: '머천트 입고 재시도',
      payee_changed: '판매 대금 계좌 변경',
      transaction_cancelled_by_operator: '운영자가 요청 취소',
      sandbox_account_topped_up: '샌드박스 계좌 잔액 충전',
      sandbox_account_closed: '샌드박스 계좌 해지',
      deposit_matched: '입금을 구매 요청에 연결',
      deposit_refund_due: '입금 반환 예정',
      deposit_refunded: '입금 반환 완료',
      deposit_written_off: '입금 손실 처리',
      deposit_reference_conflict: '다른 내용으로 다시 온 은행 거래 참조번호',
      name_change_requested: '이름 변경 요청',
      name_change_approved: '이름 변경 승인',
      name_change_rejected: '이름 변경 반려',
      merchant_created: '머천트 추가',
      merchant_changed: '머천트 변경',
      deposit_recorded: '입금 직접 입력',
      statement_imported: '거래내역 파일 가져오기',
      rate_changed: '환율 변경',
      payout_started: '판매 지급 시작',
      payout_completed: '판매 지급 완료',
      approval_requested: '승인 요청',
      approval_approved: '승인',
      approval_rejected: '승인 거절',
      approval_withdrawn: '승인 요청 철회',
    },
    sheet: '감사 로그',
    file: '감사로그_',
  },
} as const;

type Column = keyof (typeof AUDIT_EXPORT_WORDS)['en']['headers'];
const COLUMNS: Column[] = [
  'seq',
  'time',
  'action',
  'actor',
  'subject',
  'object',
  'ip',
  'details',
  'hash',
];
const WIDTHS: Record<Column, number> = {
  seq: 8,
  time: 20,
  action: 24,
  actor: 30,
  subject: 30,
  object: 24,
  ip: 16,
  details: 60,
  hash: 66,
};

export type AuditExportFormat = 'csv' | 'xlsx';

/** audit-trail-2026-11-26.csv, 감사로그_2026-11-26.csv (the day in Korea). */
export function auditExportDisposition(
  language: AuditExportLanguage,
  format: AuditExportFormat,
  now = new Date(),
): string {
  const name = (words: string) => `${words}${koreaDay(now)}.${format}`;
  return downloadDisposition(
    name(AUDIT_EXPORT_WORDS[language].file),
    name(AUDIT_EXPORT_WORDS.en.file),
  );
}

/** Details as "key: value" text, as the screen shows them. */
function detailsText(details: Record<string, unknown>): string {
  return Object.entries(details)
    .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(' · ');
}

function values(event: AuditEvent, language: AuditExportLanguage) {
  const actions: Record<string, string> = AUDIT_EXPORT_WORDS[language].actions;
  return {
    seq: String(event.seq),
    time: new Date(event.occurredAt),
    action: actions[event.action] ?? event.action,
    actor: event.actorEmail ?? event.actorUserId ?? '',
    subject: event.subjectEmail ?? event.subjectUserId ?? '',
    object: event.objectType ? `${event.objectType}:${event.objectId ?? ''}` : '',
    ip: event.ip ?? '',
    details: detailsText(event.details),
    hash: event.hash,
  };
}

/** CSV: UTF-8 with a byte order mark, a header row, CRLF lines; typed text neutralised. */
export function auditCsv(
  batches: AsyncIterable<AuditEvent[]>,
  language: AuditExportLanguage,
): Readable {
  const headers = COLUMNS.map((column) => AUDIT_EXPORT_WORDS[language].headers[column]);
  return csvStream(headers, batches, (event) => {
    const row = values(event, language);
    return COLUMNS.map((column) =>
      column === 'time' ? koreaWallClock(row.time) : neutralise(row[column]),
    );
  });
}

/** Excel: the same columns, the time a real date showing Korea's wall-clock time. */
export function auditXlsx(
  batches: AsyncIterable<AuditEvent[]>,
  language: AuditExportLanguage,
): Readable {
  const columns: XlsxColumn[] = COLUMNS.map((column) => ({
    header: AUDIT_EXPORT_WORDS[language].headers[column],
    width: WIDTHS[column],
    type: column === 'time' ? 'date' : column === 'seq' ? 'number' : 'text',
    ...(column === 'time' ? { numFmt: 'yyyy-mm-dd hh:mm:ss' } : {}),
  }));
  async function* rows(): AsyncGenerator<XlsxValue[][]> {
    for await (const batch of batches) {
      yield batch.map((event) => {
        const row = values(event, language);
        return COLUMNS.map((column): XlsxValue => {
          if (column === 'seq') return Number(row.seq);
          if (column === 'time') return new Date(row.time.getTime() + KOREA_OFFSET_MS);
          return row[column];
        });
      });
    }
  }
  return xlsxStream(AUDIT_EXPORT_WORDS[language].sheet, columns, rows());
}
