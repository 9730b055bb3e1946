import type { MailLanguage } from '@portal/contract/auth';
import { findKoreanBank } from '@portal/contract/korean-banks';
import type { MailMessage } from '@server/lib/mail/mailer';

/**
 * "Your payout account was changed": the won of every later sell goes to the new account, so a
 * change its owner did not make must not go unseen (docs/SECURITY.md "Two-factor sign-in",
 * step-up). The number is shown by its last four digits only.
 */
const WORDS = {
  en: {
    subject: 'Your WonBridge payout account was changed',
    hello: (name: string) => `Hello ${name},`,
    lead: 'The bank account the won of your sells is paid to was just changed to:',
    ifNot: 'If this was not you, set a new password now and check Profile, Signed-in devices:',
    signature: 'WonBridge',
  },
  ko: {
    subject: '원브릿지 판매 대금 받을 계좌가 변경되었습니다',
    hello: (name: string) => `${name}님, 안녕하세요.`,
    lead: '판매 대금을 받을 은행 계좌가 방금 다음 계좌로 변경되었습니다.',
    ifNot:
      '본인이 한 일이 아니라면 지금 새 비밀번호를 정하고, 프로필의 로그인된 기기를 확인하세요.',
    signature: '원브릿지',
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
  return {
    to: to.email,
    subject: words.subject,
    text: [
      words.hello(to.name),
      '',
      words.lead,
      '',
      `  ${bank ? bank[language] : payee.bankCode} …${digits.slice(-4)}`,
      '',
      words.ifNot,
      `${publicUrl}/?auth=forgot-password`,
      '',
      words.signature,
    ].join('\n'),
  };
}
