import { z } from 'zod';
import { readKoreanPhone } from './korean-phone';
import {
  atMost,
  hasForbiddenCharacters,
  isScriptLike,
  safeText,
  type ValidationMessageKey,
} from './validation';

/** docs/PRODUCT.md "Validation": more than 8 characters. The upper bound only stops absurd bodies. */
export const PASSWORD_MIN_LENGTH = 9;
export const PASSWORD_MAX_LENGTH = 256;

const key = (k: ValidationMessageKey) => ({ error: k });

/**
 * What any password field refuses besides its length: invisible and control characters (NUL,
 * zero-width, bidi overrides), which nobody types on purpose and which make a password that
 * cannot be typed again, and the script-like text the portal's filter refuses in all user input
 * (section 5). A password is only ever hashed, never shown; this keeps the rule one rule.
 */
function passwordText(schema: z.ZodString) {
  return schema
    .refine((value) => !hasForbiddenCharacters(value), key('invalidCharacters'))
    .refine((value) => !isScriptLike(value), key('scriptLike'));
}

/** A new password (sign-up, password change). */
export const passwordSchema = passwordText(
  z
    .string(key('required'))
    .min(PASSWORD_MIN_LENGTH, key('passwordTooShort'))
    .max(PASSWORD_MAX_LENGTH, atMost('passwordTooLong')),
);

/**
 * A password that is only compared (sign-in, the current password of a change). Its length
 * rules are not told, so an old password from before a rule changed still signs in.
 */
export const existingPasswordSchema = passwordText(
  z
    .string(key('required'))
    .min(1, key('required'))
    .max(PASSWORD_MAX_LENGTH, atMost('passwordTooLong')),
);

export const emailSchema = z
  .string(key('required'))
  .trim()
  .toLowerCase()
  .min(1, key('required'))
  .max(254, atMost())
  .pipe(z.email(key('emailInvalid')));

/**
 * A whole Korean phone number (korean-phone.ts says which), with or without dashes or spaces,
 * stored with dashes: "010-1234-5678". Numbers stored before this rule stay as they are and are
 * shown as stored; only a number typed anew is read this way (docs/decisions/014).
 */
export const phoneSchema = z
  .string(key('required'))
  .trim()
  .min(1, key('required'))
  .max(20, atMost())
  .transform((text, context) => {
    const phone = readKoreanPhone(text);
    if (phone !== null) return phone;
    context.addIssue({ code: 'custom', message: 'phoneInvalid' satisfies ValidationMessageKey });
    return z.NEVER;
  });

/**
 * Format characters (Unicode Cf: zero-width joiners, directional marks, soft hyphens...), the
 * Hangul fillers, which render as nothing or as a blank, and any space but the ordinary one. A
 * name with one of them looks like another person's name on a staff screen and in a bank's
 * depositor field, while comparing unequal (docs/decisions/010).
 */
const INVISIBLE_IN_NAME = /[\p{Cf}\u115F\u1160\u3164\uFFA0\u2800]|(?! )\s/u;

export function hasInvisibleNameCharacters(name: string): boolean {
  return INVISIBLE_IN_NAME.test(name);
}

/**
 * What a name may be written with: Hangul syllables and Latin letters A-Z, with spaces, hyphens,
 * apostrophes and periods between them, starting with a letter. What a Korean bank carries in a
 * depositor's name (예금주, 입금자명) and nothing that can pass for something else: no digits,
 * emoji or symbols, no accented letters, which Korean banks write without their accents, and only
 * the ASCII forms of the marks (docs/decisions/014).
 */
const NAME_CHARACTERS = /^[가-힣A-Za-z][가-힣A-Za-z .'-]*$/;

function isAllowedPersonName(name: string): boolean {
  return NAME_CHARACTERS.test(name);
}

/**
 * The name must be the one on the user's bank account: deposits are matched by it. Checked when
 * it is typed (sign-up, Profile, a name-change request, an agency's first user); a name stored
 * before the character rule stays valid and is never re-checked unless it is changed.
 */
export const personNameSchema = safeText({ max: 60 })
  .refine((name) => !hasInvisibleNameCharacters(name), key('nameInvisibleCharacters'))
  .refine(isAllowedPersonName, key('nameCharacters'));

export const agencyCodeSchema = z
  .string(key('invalid'))
  .trim()
  .toUpperCase()
  .max(20, atMost())
  .regex(/^[A-Z0-9-]*$/, key('agencyCodeInvalid'));

function confirmMatches<T extends { password: string; confirmPassword: string }>(value: T) {
  return value.password === value.confirmPassword;
}

/** The languages a mail can be written in: the page's, when the mail is asked for. */
export const MAIL_LANGUAGES = ['en', 'ko'] as const;
export type MailLanguage = (typeof MAIL_LANGUAGES)[number];
/** The page's language, sent with a request that mails its owner: the mail is written in it. */
export const mailLanguageSchema = z.enum(MAIL_LANGUAGES, key('invalid'));

export const signUpRequestSchema = z
  .strictObject({
    name: personNameSchema,
    email: emailSchema,
    phone: phoneSchema,
    password: passwordSchema,
    confirmPassword: z.string(key('required')),
    agencyCode: agencyCodeSchema.optional(),
    /** The page's language, for the verification mail and later mails (Korean if unsaid). */
    language: mailLanguageSchema.optional(),
  })
  .refine(confirmMatches, { ...key('passwordMismatch'), path: ['confirmPassword'] });
export type SignUpRequest = z.input<typeof signUpRequestSchema>;

export const signInRequestSchema = z.strictObject({
  email: emailSchema,
  // Never tell which length rule a sign-in password breaks: it is only compared.
  password: existingPasswordSchema,
  /** The page's language, for the mail about a sign-in from a new device (Korean if unsaid). */
  language: mailLanguageSchema.optional(),
});
export type SignInRequest = z.input<typeof signInRequestSchema>;

/** How long a password reset link works (docs/SECURITY.md "Password reset by email"). */
export const PASSWORD_RESET_MINUTES = 30;

/** "Forgot your password?": the email, and the language the page is in, for the mail. */
export const passwordResetRequestSchema = z.strictObject({
  email: emailSchema,
  language: mailLanguageSchema,
});
export type PasswordResetRequest = z.input<typeof passwordResetRequestSchema>;

/** A reset link's token: 32 random bytes, base64url. */
export const passwordResetTokenSchema = z
  .string(key('invalid'))
  .regex(/^[A-Za-z0-9_-]{43}$/, key('invalid'));

/** The new password set from a reset link. */
export const passwordResetConfirmSchema = z
  .strictObject({
    token: passwordResetTokenSchema,
    password: passwordSchema,
    confirmPassword: z.string(key('required')),
  })
  .refine(confirmMatches, { ...key('passwordMismatch'), path: ['confirmPassword'] });
export type PasswordResetConfirm = z.input<typeof passwordResetConfirmSchema>;
