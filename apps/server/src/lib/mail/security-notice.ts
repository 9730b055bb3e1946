import type { MailLanguage } from '@portal/contract/auth';
import type { MailMessage } from './mailer';

/**
 * A mail telling an account's owner that something about how the account is reached or where
 * its money goes just changed (two-factor sign-in, the payout account): the change in the
 * owner's language, then what to do if it was not them (docs/SECURITY.md "Two-factor sign-in").
 * One frame, so every such notice says the same thing the same way.
 */
const WORDS = {
  en: {
    hello: (name: string) => `Hello ${name},`,
    ifNot: 'If this was not you, set a new password now and check Profile, Signed-in devices:',
    signature: 'WonBridge',
  },
  ko: {
    hello: (name: string) => `${name}님, 안녕하세요.`,
    ifNot:
      '본인이 한 일이 아니라면 지금 새 비밀번호를 정하고, 프로필의 로그인된 기기를 확인하세요.',
    signature: '원브릿지',
  },
} as const;

export function securityNoticeMail(
  language: MailLanguage,
  to: { email: string; name: string },
  notice: { subject: string; lines: string[] },
  publicUrl: string,
): MailMessage {
  const words = WORDS[language];
  return {
    to: to.email,
    subject: notice.subject,
    text: [
      words.hello(to.name),
      '',
      ...notice.lines,
      '',
      words.ifNot,
      `${publicUrl}/?auth=forgot-password`,
      '',
      words.signature,
    ].join('\n'),
  };
}
