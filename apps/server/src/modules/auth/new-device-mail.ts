import { KOREA_TIME_ZONE } from '@portal/contract/korea-time';
import type { MailLanguage } from '@portal/contract/auth';
import { deviceOf } from '@server/lib/devices/device';
import { placeOf } from '@server/lib/devices/place';
import type { MailMessage } from '@server/lib/mail/mailer';

/**
 * "New sign-in to your account" (docs/SECURITY.md "Signed-in devices"): sent when an account
 * signs in on a browser it has not used before (no known-device token for it), so that its owner
 * hears of a sign-in that was not theirs and knows the two things to do.
 */
export interface NewDeviceSignIn {
  to: { email: string; name: string };
  userAgent: string | null;
  ip: string | null;
  at: Date;
  publicUrl: string;
}

const WORDS = {
  en: {
    subject: 'New sign-in to your WonBridge account',
    hello: (name: string) => `Hello ${name},`,
    lead: 'Your account was just signed in to from a browser it had not used before:',
    browserOn: (browser: string, os: string) => `${browser} on ${os}`,
    unknownDevice: 'an unknown device',
    loopback: 'this computer',
    private: 'a private network',
    unknownPlace: 'an unknown place',
    koreaTime: '(Korea time)',
    ifYou: 'If this was you, there is nothing to do.',
    ifNot: 'If it was not, set a new password now:',
    thenDevices: 'then sign that device out in Profile, Signed-in devices.',
    signature: 'WonBridge',
  },
  ko: {
    subject: '원브릿지 계정에 새 기기 로그인',
    hello: (name: string) => `${name}님, 안녕하세요.`,
    lead: '전에 쓰지 않던 브라우저에서 계정에 방금 로그인했습니다.',
    browserOn: (browser: string, os: string) => `${os}의 ${browser}`,
    unknownDevice: '알 수 없는 기기',
    loopback: '이 컴퓨터',
    private: '사설 네트워크',
    unknownPlace: '알 수 없는 위치',
    koreaTime: '(한국 시간)',
    ifYou: '본인이 로그인했다면 따로 할 일은 없습니다.',
    ifNot: '본인이 아니라면 지금 새 비밀번호를 정하고,',
    thenDevices: '프로필의 로그인된 기기에서 그 기기를 로그아웃시키세요.',
    signature: '원브릿지',
  },
} as const;

export function newDeviceMail(language: MailLanguage, signIn: NewDeviceSignIn): MailMessage {
  const words = WORDS[language];
  const device = deviceOf(signIn.userAgent);
  const deviceName =
    device.browser && device.os
      ? words.browserOn(device.browser, device.os)
      : (device.browser ?? device.os ?? words.unknownDevice);
  const place = placeOf(signIn.ip);
  const placeName =
    place.network === 'loopback'
      ? words.loopback
      : place.network === 'private'
        ? words.private
        : place.country
          ? (new Intl.DisplayNames([language], { type: 'region' }).of(place.country) ??
            place.country)
          : words.unknownPlace;
  // A 24-hour clock: the server's ICU writes a Korean morning as "AM", not "오전".
  const when = `${new Intl.DateTimeFormat(language === 'ko' ? 'ko-KR' : 'en-GB', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: KOREA_TIME_ZONE,
  }).format(signIn.at)} ${words.koreaTime}`;
  return {
    to: signIn.to.email,
    subject: words.subject,
    text: [
      words.hello(signIn.to.name),
      '',
      words.lead,
      '',
      `  ${deviceName}`,
      `  ${placeName}${signIn.ip ? ` (${signIn.ip})` : ''}`,
      `  ${when}`,
      '',
      words.ifYou,
      words.ifNot,
      `${signIn.publicUrl}/?auth=forgot-password`,
      words.thenDevices,
      '',
      words.signature,
    ].join('\n'),
  };
}
