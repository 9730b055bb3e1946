import type { MailLanguage } from '@portal/contract/auth';
import { EMAIL_VERIFICATION_HOURS } from '@portal/contract/mail';
import type { MailMessage } from '@server/lib/mail/mailer';

const WORDS: Record<MailLanguage, (name: string, link: string) => Omit<MailMessage, 'to'>> = {
  en: (name, link) => ({
    subject: 'Confirm your email for WonBridge',
    text: [
      `Hello ${name},`,
      '',
      'To confirm that this is your email address, open this link within',
      `${EMAIL_VERIFICATION_HOURS} hours:`,
      '',
      link,
      '',
      'Until then you can sign in and look around, but not buy, sell or add a payout account.',
      'If you did not sign up for WonBridge or change your email there, ignore this mail.',
      '',
      'WonBridge',
    ].join('\n'),
  }),
  ko: (name, link) => ({
    subject: '원브릿지 이메일 확인',
    text: [
      `${name}님, 안녕하세요.`,
      '',
      '이 이메일 주소가 본인의 주소인지 확인하려면',
      `${EMAIL_VERIFICATION_HOURS}시간 안에 아래 링크를 여세요.`,
      '',
      link,
      '',
      '확인 전에도 로그인하여 둘러볼 수 있지만, 구매·판매와 지급 계좌 등록은 할 수 없습니다.',
      '원브릿지에 가입하거나 이메일을 바꾼 적이 없다면 이 메일을 무시하세요.',
      '',
      '원브릿지',
    ].join('\n'),
  }),
};

/** The confirmation mail, in the language of the page it was asked from. */
export function emailVerificationMail(
  language: MailLanguage,
  to: { email: string; name: string },
  link: string,
): MailMessage {
  return { to: to.email, ...WORDS[language](to.name, link) };
}
