import type { MailLanguage } from '@portal/contract/auth';
import type { MailMessage } from '@server/lib/mail/mailer';
import { securityNoticeMail } from '@server/lib/mail/security-notice';

/**
 * Mail about a change to an account's two-factor sign-in (docs/SECURITY.md "Two-factor
 * sign-in"), so that a change its owner did not make does not go unseen: turned on, turned off,
 * new recovery codes, and a sign-in with a recovery code (which means the phone was not at hand,
 * or someone else has a code).
 */
export type TwoFactorChange = 'enabled' | 'disabled' | 'codesRenewed' | 'recoveryCodeUsed';

const WORDS = {
  en: {
    subject: {
      enabled: 'Two-factor sign-in is on for your WonBridge account',
      disabled: 'Two-factor sign-in was turned off on your WonBridge account',
      codesRenewed: 'New recovery codes for your WonBridge account',
      recoveryCodeUsed: 'A recovery code was used to sign in to your WonBridge account',
    },
    lead: {
      enabled:
        'Two-factor sign-in was just turned on: signing in now asks for a code from your authenticator app after the password. Keep your recovery codes somewhere safe.',
      disabled:
        'Two-factor sign-in was just turned off: signing in now asks for the password only.',
      codesRenewed:
        'New recovery codes were just made for your account. The earlier ones no longer work.',
      recoveryCodeUsed: (left: number) =>
        `Your account was just signed in to with a recovery code. ${left} unused recovery codes are left; make new ones in Profile when few are left.`,
    },
  },
  ko: {
    subject: {
      enabled: '원브릿지 계정에 2단계 인증이 켜졌습니다',
      disabled: '원브릿지 계정의 2단계 인증이 꺼졌습니다',
      codesRenewed: '원브릿지 계정의 새 복구 코드가 발급되었습니다',
      recoveryCodeUsed: '원브릿지 계정에 복구 코드로 로그인했습니다',
    },
    lead: {
      enabled:
        '방금 2단계 인증이 켜졌습니다. 이제 로그인할 때 비밀번호 다음에 인증 앱의 코드를 입력합니다. 복구 코드는 안전한 곳에 보관하세요.',
      disabled: '방금 2단계 인증이 꺼졌습니다. 이제 비밀번호만으로 로그인합니다.',
      codesRenewed:
        '방금 계정의 새 복구 코드가 발급되었습니다. 이전 복구 코드는 더 이상 쓸 수 없습니다.',
      recoveryCodeUsed: (left: number) =>
        `방금 복구 코드로 계정에 로그인했습니다. 쓰지 않은 복구 코드가 ${left}개 남았습니다. 얼마 남지 않았다면 프로필에서 새 복구 코드를 발급하세요.`,
    },
  },
} as const;

export function twoFactorChangeMail(
  language: MailLanguage,
  to: { email: string; name: string },
  change: TwoFactorChange,
  publicUrl: string,
  recoveryCodesLeft = 0,
): MailMessage {
  const words = WORDS[language];
  const lead = words.lead[change];
  return securityNoticeMail(
    language,
    to,
    {
      subject: words.subject[change],
      lines: [typeof lead === 'function' ? lead(recoveryCodesLeft) : lead],
    },
    publicUrl,
  );
}
