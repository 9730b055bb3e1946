import { z } from 'zod';
import { existingPasswordSchema, mailLanguageSchema } from './auth';
import { currentUserSchema } from './users';
import type { ValidationMessageKey } from './validation-messages';

/**
 * Two-factor sign-in (docs/SECURITY.md "Two-factor sign-in"): after the password, a code from an
 * authenticator app (TOTP, RFC 6238) or one of ten single-use recovery codes.
 */

/** RFC 6238's defaults, which every authenticator app reads: SHA-1, 6 digits, 30 seconds. */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
/** Recovery codes given at once; a new set replaces every earlier one. */
export const RECOVERY_CODE_COUNT = 10;
/**
 * A recovery code's characters: base32 (A-Z, 2-7: no 0, 1, 8 or 9 to mistake for O, I, B or g),
 * 80 bits, kept as argon2id hashes like passwords; shown in groups of four.
 */
export const RECOVERY_CODE_LENGTH = 16;
/**
 * Minutes between the password and the code of one sign-in: time enough, for a member of staff
 * signing in for the first time, to install an authenticator app and read its QR code.
 */
export const SIGN_IN_CHALLENGE_MINUTES = 10;
/** Codes tried on one sign-in before it starts over from the password. */
export const SIGN_IN_CHALLENGE_ATTEMPTS = 5;

const key = (k: ValidationMessageKey) => ({ error: k });

/**
 * What a person types as a second factor: six digits from the app (spaces allowed, as apps show
 * "123 456"), or a recovery code (case, spaces and dashes ignored). Read into one of the two;
 * anything else is refused as `secondFactorCodeInvalid`.
 */
export type SecondFactorCode = { kind: 'totp'; code: string } | { kind: 'recovery'; code: string };

const RECOVERY_ALPHABET = /^[A-Z2-7]+$/;

export function readSecondFactorCode(typed: string): SecondFactorCode | null {
  const compact = typed.replace(/[\s-]/g, '');
  if (/^\d+$/.test(compact)) {
    return compact.length === TOTP_DIGITS ? { kind: 'totp', code: compact } : null;
  }
  const upper = compact.toUpperCase();
  return upper.length === RECOVERY_CODE_LENGTH && RECOVERY_ALPHABET.test(upper)
    ? { kind: 'recovery', code: upper }
    : null;
}

export const secondFactorCodeSchema = z
  .string(key('required'))
  .trim()
  .min(1, key('required'))
  .max(40, key('secondFactorCodeInvalid'))
  .transform((typed, context) => {
    const read = readSecondFactorCode(typed);
    if (read) return read;
    context.addIssue({
      code: 'custom',
      message: 'secondFactorCodeInvalid' satisfies ValidationMessageKey,
    });
    return z.NEVER;
  });

/** Only an app's code (turning it on proves the app has the secret). */
export const totpCodeSchema = z
  .string(key('required'))
  .trim()
  .min(1, key('required'))
  .max(20, key('totpCodeInvalid'))
  .transform((typed, context) => {
    const read = readSecondFactorCode(typed);
    if (read?.kind === 'totp') return read.code;
    context.addIssue({ code: 'custom', message: 'totpCodeInvalid' satisfies ValidationMessageKey });
    return z.NEVER;
  });

/** A sign-in's second step: 32 random bytes, base64url, held by the page between the steps. */
export const signInChallengeSchema = z
  .string(key('invalid'))
  .regex(/^[A-Za-z0-9_-]{43}$/, key('invalid'));

/**
 * Roles that cannot use the portal with a password alone: their first sign-in sets up an
 * authenticator app before any session opens (docs/SECURITY.md "Two-factor sign-in").
 */
export const TWO_FACTOR_REQUIRED_ROLES = ['operator', 'agency'] as const;

export function isTwoFactorRequired(role: string): boolean {
  return (TWO_FACTOR_REQUIRED_ROLES as readonly string[]).includes(role);
}

const challengeAnswerSchema = z.object({
  challenge: z.string(),
  expiresInSeconds: z.number().int(),
});

/**
 * POST /api/auth/sign-in: signed in; or the password was right and the account asks for its
 * second factor (`secondFactor`), or, for staff without one yet, to set one up first
 * (`secondFactorSetup`), each with the challenge to send the next step with.
 */
export const signInResponseSchema = z.union([
  z.object({ user: currentUserSchema }),
  // `passkey`: the account has one, so the second step offers it (docs/decisions/025).
  z.object({ secondFactor: challengeAnswerSchema.extend({ passkey: z.boolean() }) }),
  z.object({ secondFactorSetup: challengeAnswerSchema }),
]);
export type SignInResponse = z.infer<typeof signInResponseSchema>;

/** POST /api/auth/sign-in/second-factor */
export const secondFactorSignInRequestSchema = z.strictObject({
  challenge: signInChallengeSchema,
  code: secondFactorCodeSchema,
  language: mailLanguageSchema.optional(),
});
export type SecondFactorSignInRequest = z.input<typeof secondFactorSignInRequestSchema>;

/** POST /api/auth/sign-in/two-factor-setup: staff's first sign-in makes its secret. */
export const signInSetupRequestSchema = z.strictObject({ challenge: signInChallengeSchema });
export type SignInSetupRequest = z.input<typeof signInSetupRequestSchema>;

/** POST /api/auth/sign-in/two-factor-confirm: the app's first code turns it on and signs in. */
export const signInSetupConfirmRequestSchema = z.strictObject({
  challenge: signInChallengeSchema,
  code: totpCodeSchema,
  language: mailLanguageSchema.optional(),
});
export type SignInSetupConfirmRequest = z.input<typeof signInSetupConfirmRequestSchema>;

/** Signed in with two-factor just turned on: the recovery codes, shown this once. */
export const signInSetupConfirmResponseSchema = z.object({
  user: currentUserSchema,
  recoveryCodes: z.array(z.string()),
});
export type SignInSetupConfirmResponse = z.infer<typeof signInSetupConfirmResponseSchema>;

/** GET /api/profile/two-factor */
export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  /** When it was turned on (ISO time), or null. */
  enabledAt: z.string().nullable(),
  /** Recovery codes not yet used. */
  recoveryCodesLeft: z.number().int(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** POST /api/profile/two-factor/setup: the password again, before a secret is made. */
export const twoFactorSetupRequestSchema = z.strictObject({
  currentPassword: existingPasswordSchema,
});
export type TwoFactorSetupRequest = z.input<typeof twoFactorSetupRequestSchema>;

/** The new secret, shown once: as a QR code, as text to type, and as the otpauth:// address. */
export const twoFactorSetupResponseSchema = z.object({
  /** Base32, as authenticator apps take it typed. */
  secret: z.string(),
  otpauthUrl: z.string(),
  /** The otpauth:// address as a PNG data: URL. */
  qrCode: z.string(),
});
export type TwoFactorSetupResponse = z.infer<typeof twoFactorSetupResponseSchema>;

/** POST /api/profile/two-factor/confirm: a code from the app proves it holds the secret. */
export const twoFactorConfirmRequestSchema = z.strictObject({
  code: totpCodeSchema,
  language: mailLanguageSchema.optional(),
});
export type TwoFactorConfirmRequest = z.input<typeof twoFactorConfirmRequestSchema>;

/** The recovery codes, shown this once (only their hashes are kept). */
export const recoveryCodesResponseSchema = z.object({
  recoveryCodes: z.array(z.string()),
});
export type RecoveryCodesResponse = z.infer<typeof recoveryCodesResponseSchema>;

/** POST /api/profile/two-factor/recovery-codes: a new set, for a code (app or recovery). */
export const renewRecoveryCodesRequestSchema = z.strictObject({
  code: secondFactorCodeSchema,
  language: mailLanguageSchema.optional(),
});
export type RenewRecoveryCodesRequest = z.input<typeof renewRecoveryCodesRequestSchema>;

/** POST /api/profile/two-factor/disable: the password and a code (app or recovery). */
export const twoFactorDisableRequestSchema = z.strictObject({
  currentPassword: existingPasswordSchema,
  code: secondFactorCodeSchema,
  language: mailLanguageSchema.optional(),
});
export type TwoFactorDisableRequest = z.input<typeof twoFactorDisableRequestSchema>;

/** A recovery code as shown: four groups of four, "ABCD-EFGH-JKLM-NPQR". */
export function formatRecoveryCode(code: string): string {
  return code.match(/.{1,4}/g)?.join('-') ?? code;
}

/**
 * Step-up (docs/SECURITY.md "Two-factor sign-in"): with two-factor on, a change to the account's
 * security (password, email, payout account) needs a second factor proved within this many
 * minutes; older, the API answers STEP_UP_REQUIRED and the page asks for a code, then sends the
 * change again.
 */
export const STEP_UP_MINUTES = 5;

/** POST /api/auth/step-up: a code (app or recovery) proves the session's second factor again. */
export const stepUpRequestSchema = z.strictObject({ code: secondFactorCodeSchema });
export type StepUpRequest = z.input<typeof stepUpRequestSchema>;
