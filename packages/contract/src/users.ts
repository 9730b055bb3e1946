import { z } from 'zod';

/** DESIGN.md "Roles". The user context's role defaults to client (spec section 3). */
export const USER_ROLES = ['client', 'agency', 'operator'] as const;
export const userRoleSchema = z.enum(USER_ROLES);
export type UserRole = z.infer<typeof userRoleSchema>;
export const DEFAULT_USER_ROLE: UserRole = 'client';

export const currentUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  role: userRoleSchema,
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** GET /api/auth/me: the signed-in user, or null when nobody is signed in. */
export const currentUserResponseSchema = z.object({ user: currentUserSchema.nullable() });
export type CurrentUserResponse = z.infer<typeof currentUserResponseSchema>;
