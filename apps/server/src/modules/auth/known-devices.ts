import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Known devices: a browser where an account has signed in before carries a signed token naming
 * that account, and its sign-ins are throttled on their own (docs/SECURITY.md "Sign-in throttling
 * without lockouts"). Someone guessing an account's password from elsewhere slows down only the
 * attempts made from devices the account has not used, never its owner's own browser.
 *
 * A token is `<user id>.<device id>.<signature>`: the device id is random, the signature an
 * HMAC-SHA256 under a key derived for this purpose only (app.keyFor('known-devices')). It proves
 * nothing alone (the password is still checked); it only chooses which counter an attempt uses.
 * One cookie holds the tokens of the last few accounts signed in on the browser, so colleagues
 * who share an office computer each stay known.
 */

/** Accounts remembered per browser; the oldest is dropped first. */
export const KNOWN_ACCOUNTS_PER_DEVICE = 5;
/** How long a browser stays known without signing in again. */
export const KNOWN_DEVICE_DAYS = 180;

const SEPARATOR = '~';
const TOKEN = /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

export interface KnownDevice {
  userId: string;
  deviceId: string;
}

function signature(key: Buffer, userId: string, deviceId: string): string {
  return createHmac('sha256', key).update(`${userId}.${deviceId}`).digest('base64url');
}

function tokenOf(key: Buffer, device: KnownDevice): string {
  return `${device.userId}.${device.deviceId}.${signature(key, device.userId, device.deviceId)}`;
}

/** The well-signed tokens in a cookie value, newest first; anything else in it is ignored. */
export function readKnownDevices(key: Buffer, cookie: string | undefined): KnownDevice[] {
  if (!cookie) return [];
  return cookie
    .split(SEPARATOR)
    .slice(0, KNOWN_ACCOUNTS_PER_DEVICE)
    .flatMap((token) => {
      const match = TOKEN.exec(token);
      if (!match) return [];
      const [, userId, deviceId, signed] = match as unknown as [string, string, string, string];
      const expected = Buffer.from(signature(key, userId, deviceId));
      const received = Buffer.from(signed);
      return received.length === expected.length && timingSafeEqual(received, expected)
        ? [{ userId, deviceId }]
        : [];
    });
}

/** This browser's device id for `userId`, when its cookie holds a token for that account. */
export function knownDeviceOf(
  key: Buffer,
  cookie: string | undefined,
  userId: string,
): string | null {
  return readKnownDevices(key, cookie).find((device) => device.userId === userId)?.deviceId ?? null;
}

/**
 * The cookie value after `userId` signed in: its token first (kept if it had one, new if not),
 * then the other accounts', at most KNOWN_ACCOUNTS_PER_DEVICE in all.
 */
export function rememberDevice(key: Buffer, cookie: string | undefined, userId: string): string {
  const known = readKnownDevices(key, cookie);
  const deviceId =
    known.find((device) => device.userId === userId)?.deviceId ??
    randomBytes(16).toString('base64url');
  const others = known.filter((device) => device.userId !== userId);
  return [{ userId, deviceId }, ...others]
    .slice(0, KNOWN_ACCOUNTS_PER_DEVICE)
    .map((device) => tokenOf(key, device))
    .join(SEPARATOR);
}
