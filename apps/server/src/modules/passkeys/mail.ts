import type { MailLanguage } from '@portal/contract/auth';
import { particleFor } from '@portal/contract/korean-particles';
import type { MailMessage } from '@server/lib/mail/mailer';
import { securityNoticeMail } from '@server/lib/mail/security-notice';

/**
 * Mail about a passkey added to or removed from an account (docs/decisions/025): a passkey signs
 * in on its own, so one its owner did not add must not go unseen.
 */
export type PasskeyChange = 'added' | 'removed';

const WORDS = {
  en: {
    subject: {
      added: 'A passkey was added to your WonBridge account',
      removed: 'A passkey was removed from your WonBridge account',
    },
    lead: {
      added: (name: string) =>
        `The passkey "${name}" was just added to your account: it signs in without the password.`,
      removed: (name: string) =>
        `The passkey "${name}" was just removed from your account: it no longer signs in.`,
    },
  },
  ko: {
    subject: {
      added: '원브릿지 계정에 패스키가 추가되었습니다',
      removed: '원브릿지 계정에서 패스키가 삭제되었습니다',
    },
    lead: {
      added: (name: string) =>
        `방금 계정에 패스키 "${name}"${particleFor(name, '이/가')} 추가되었습니다. 이 패스키로 비밀번호 없이 로그인할 수 있습니다.`,
      removed: (name: string) =>
        `방금 계정에서 패스키 "${name}"${particleFor(name, '이/가')} 삭제되었습니다. 이제 이 패스키로 로그인할 수 없습니다.`,
    },
  },
} as const;

export function passkeyChangeMail(
  language: MailLanguage,
  to: { email: string; name: string },
  change: PasskeyChange,
  passkeyName: string,
  publicUrl: string,
): MailMessage {
  const words = WORDS[language];
  return securityNoticeMail(
    language,
    to,
    { subject: words.subject[change], lines: [words.lead[change](passkeyName)] },
    publicUrl,
  );
}
