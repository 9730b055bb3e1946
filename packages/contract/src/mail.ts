import { z } from 'zod';
import { mailLanguageSchema } from './auth';

/**
 * Email verification (docs/decisions/027): sign-up, and a changed email, mail a link that works
 * once, for this many hours; money actions wait until the address is confirmed.
 */
export const EMAIL_VERIFICATION_HOURS = 24;

/** A verification link's token: 32 random bytes, base64url. */
export const emailVerificationTokenSchema = z
  .string({ error: 'invalid' })
  .regex(/^[A-Za-z0-9_-]{43}$/, { error: 'invalid' });

/** POST /api/email-verification/confirm (public): the token from the link. */
export const confirmEmailRequestSchema = z.strictObject({ token: emailVerificationTokenSchema });
export type ConfirmEmailRequest = z.input<typeof confirmEmailRequestSchema>;

/** POST /api/email-verification/resend (signed in): the page's language, for the mail. */
export const resendVerificationRequestSchema = z.strictObject({ language: mailLanguageSchema });
export type ResendVerificationRequest = z.input<typeof resendVerificationRequestSchema>;

/** The transaction events that mail their owner, unless they turned it off in Profile. */
export const TRANSACTION_MAIL_EVENTS = ['completed', 'cancelled'] as const;
export type TransactionMailEvent = (typeof TRANSACTION_MAIL_EVENTS)[number];

/** PUT /api/profile/mail-settings: what the Profile switch and the page's language set. */
export const mailSettingsRequestSchema = z.strictObject({
  transactionMails: z.boolean({ error: 'invalid' }).optional(),
  language: mailLanguageSchema.optional(),
});
export type MailSettingsRequest = z.input<typeof mailSettingsRequestSchema>;

/** GET/PUT /api/profile/mail-settings. */
export const mailSettingsSchema = z.object({
  transactionMails: z.boolean(),
  language: mailLanguageSchema,
});
export type MailSettings = z.infer<typeof mailSettingsSchema>;
