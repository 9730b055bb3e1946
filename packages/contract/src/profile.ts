import { z } from 'zod';
import { currentUserSchema } from './users';
import {
  emailSchema,
  existingPasswordSchema,
  passwordSchema,
  personNameSchema,
  mailLanguageSchema,
  phoneSchema,
} from './auth';

/**
 * PUT /api/profile: the personal information of docs/PRODUCT.md "Screens". The name and phone
 * may be left out to keep them as stored: only what is typed anew meets the rules a stored value
 * may predate (a name with a digit, a phone in another form; docs/decisions/014). The Profile
 * sends them only when they changed.
 */
export const updateProfileRequestSchema = z.strictObject({
  name: personNameSchema.optional(),
  email: emailSchema,
  phone: phoneSchema.optional(),
  /** The page's language, for the confirmation mail a changed email gets (Korean if unsaid). */
  language: mailLanguageSchema.optional(),
});
export type UpdateProfileRequest = z.input<typeof updateProfileRequestSchema>;

/** The answer to PUT /api/profile: the user as saved. */
export const updateProfileResponseSchema = z.object({ user: currentUserSchema });
export type UpdateProfileResponse = z.infer<typeof updateProfileResponseSchema>;

/** POST /api/profile/password: a new password needs the current one; other sessions end. */
export const changePasswordRequestSchema = z
  .strictObject({
    currentPassword: existingPasswordSchema,
    password: passwordSchema,
    confirmPassword: z.string({ error: 'required' }),
  })
  .refine((value) => value.password === value.confirmPassword, {
    error: 'passwordMismatch',
    path: ['confirmPassword'],
  });
export type ChangePasswordRequest = z.input<typeof changePasswordRequestSchema>;
