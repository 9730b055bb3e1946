import { z } from 'zod';
import { currentUserSchema } from './users';
import {
  emailSchema,
  existingPasswordSchema,
  passwordSchema,
  personNameSchema,
  phoneSchema,
} from './auth';

/** PUT /api/profile: the personal information of docs/PRODUCT.md "Screens". */
export const updateProfileRequestSchema = z.strictObject({
  name: personNameSchema,
  email: emailSchema,
  phone: phoneSchema,
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
