import { createHmac, timingSafeEqual } from 'node:crypto';
import { AppError } from '@server/lib/errors';

/**
 * The bank's deposit notifications are signed: `X-Bank-Timestamp` is Unix seconds and
 * `X-Bank-Signature` is `v1=` + hex HMAC-SHA256 of `${timestamp}.${raw body}` with the shared
 * secret. A timestamp more than TOLERANCE_SECONDS away from now is refused, and so is a signature
 * already seen within that window (a replay); a later legitimate retry is signed anew.
 */
export const TOLERANCE_SECONDS = 300;
export const TIMESTAMP_HEADER = 'x-bank-timestamp';
export const SIGNATURE_HEADER = 'x-bank-signature';

export function signBankNotification(secret: string, timestamp: number, rawBody: string): string {
  return `v1=${createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex')}`;
}

/** Returns the verified signature (the replay key); throws the matching AppError otherwise. */
export function verifyBankNotification(
  secret: string,
  headers: { timestamp: string | undefined; signature: string | undefined },
  rawBody: string,
  now: Date,
): string {
  const timestamp = headers.timestamp?.trim() ?? '';
  if (!/^\d{1,12}$/.test(timestamp)) throw new AppError('WEBHOOK_TIMESTAMP_STALE');
  const seconds = Number(timestamp);
  if (Math.abs(now.getTime() / 1000 - seconds) > TOLERANCE_SECONDS) {
    throw new AppError('WEBHOOK_TIMESTAMP_STALE');
  }
  const given = Buffer.from(headers.signature?.trim() ?? '');
  const expected = Buffer.from(signBankNotification(secret, seconds, rawBody));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new AppError('WEBHOOK_SIGNATURE_INVALID');
  }
  return expected.toString();
}
