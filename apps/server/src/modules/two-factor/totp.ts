import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { TOTP_DIGITS, TOTP_PERIOD_SECONDS } from '@portal/contract/two-factor';

/**
 * Authenticator-app codes (RFC 6238) with the defaults every app reads: SHA-1, 6 digits, 30
 * seconds (docs/SECURITY.md "Two-factor sign-in"). A code of the step before or after the
 * current one is taken too, for a phone's clock half a minute off.
 */
const ISSUER = 'WonBridge';
const WINDOW_STEPS = 1;

/** A new secret: 160 random bits (RFC 4226's recommended size), as base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totpFor(secret: string, account: string): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label: account,
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
  });
}

/** The otpauth:// address an app reads from the QR code. */
export function otpauthUrl(secret: string, account: string): string {
  return totpFor(secret, account).toString();
}

/** The address as a QR code, a PNG data: URL the page shows as an image. */
export function qrCodeOf(url: string): Promise<string> {
  return QRCode.toDataURL(url, { errorCorrectionLevel: 'M', margin: 2, scale: 5 });
}

/**
 * The 30-second step `code` belongs to, if it is the secret's code for a step within the
 * window around `at`; else null. The caller takes a step only once (two-factor.ts).
 */
export function stepOfCode(secret: string, code: string, at = Date.now()): number | null {
  const delta = TOTP.validate({
    token: code,
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    timestamp: at,
    window: WINDOW_STEPS,
  });
  return delta === null ? null : Math.floor(at / 1000 / TOTP_PERIOD_SECONDS) + delta;
}

/** The code an app shows at `at` (for tests and the demo's published secret). */
export function totpCodeAt(secret: string, at = Date.now()): string {
  return TOTP.generate({
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    timestamp: at,
  });
}
