import type { MailLanguage } from '@portal/contract/auth';
import { findKoreanBank } from '@portal/contract/korean-banks';
import type { MailMessage } from '@server/lib/mail/mailer';
import { securityNoticeMail } from '@server/lib/mail/security-notice';

/**
 * "Your payout account was changed": the won of every later sell goes to the new account, so a
 * change its owner did not make must not go unseen (docs/SECURITY.md "Two-factor sign-in",
 * step-up). The number is shown by its last four digits only.
 */
const WORDS = {
  en: {
    subject: 'Your WonBridge payout account was changed',
    lead: 'The bank account the won of your sells is paid to was just changed to:',
  },
  ko: {
    subject: '원브릿지 판매 대금 받을 계좌가 변경되었습니다',
    lead: '판매 대금을 받을 은행 계좌가 방금 다음 계좌로 변경되었습니다.',
  },
} as const;

export function payeeChangedMail(
  language: MailLanguage,
  to: { email: string; name: string },
  payee: { bankCode: string; accountNumber: string },
  publicUrl: string,
): MailMessage {
  const words = WORDS[language];
  const bank = findKoreanBank(payee.bankCode);
  const digits = payee.accountNumber.replaceAll('-', '');
  return securityNoticeMail(
    language,
    to,
    {
      subject: words.subject,
      lines: [words.lead, '', `  ${bank ? bank[language] : payee.bankCode} …${digits.slice(-4)}`],
    },
    publicUrl,
  );
}
