import { z } from 'zod';
import { safeText } from './validation';

/** docs/PRODUCT.md "Roles". The user context's role defaults to client (docs/PRODUCT.md "Roles"). */
export const USER_ROLES = ['client', 'agency', 'operator'] as const;
export const userRoleSchema = z.enum(USER_ROLES);
export type UserRole = z.infer<typeof userRoleSchema>;
export const DEFAULT_USER_ROLE: UserRole = 'client';

export const USER_STATUSES = ['active', 'disabled'] as const;
export const userStatusSchema = z.enum(USER_STATUSES);
export type UserStatus = z.infer<typeof userStatusSchema>;

export const agencySummarySchema = z.object({ code: z.string(), name: z.string() });

export const currentUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  role: userRoleSchema,
  /** A client's partner agency, or an agency user's own agency. */
  agency: agencySummarySchema.nullable(),
  /** Whether the email has been confirmed from its link: money waits for it (decision 027). */
  emailVerified: z.boolean(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** GET /api/auth/me: the signed-in user, or null when nobody is signed in. */
export const currentUserResponseSchema = z.object({ user: currentUserSchema.nullable() });
export type CurrentUserResponse = z.infer<typeof currentUserResponseSchema>;

/** POST /api/auth/sign-up and /api/auth/sign-in: the user now signed in. */
export const signedInUserResponseSchema = z.object({ user: currentUserSchema });
export type SignedInUserResponse = z.infer<typeof signedInUserResponseSchema>;

/** `:id` of /api/operator/users/:id/... */
export const userIdParamsSchema = z.strictObject({ id: z.uuid({ error: 'invalid' }) });

/** POST /api/operator/users/:id/sessions/end: how many sessions ended. */
export const endedSessionsResponseSchema = z.object({ ended: z.number().int() });
export type EndedSessionsResponse = z.infer<typeof endedSessionsResponseSchema>;

/**
 * PUT /api/operator/users/:id/role. client <-> operator freely; agency only for a user who
 * belongs to an agency (a client registered under its code). An operator cannot change their
 * own role, so the portal always keeps the operator who is acting.
 */
export const changeUserRoleRequestSchema = z.strictObject({ role: userRoleSchema });

/** A user as the operator sees them. */
export const managedUserSchema = currentUserSchema.extend({ status: userStatusSchema });
export type ManagedUser = z.infer<typeof managedUserSchema>;

/** What a change of a user's role or status answers: the user as changed. */
export const changedUserResponseSchema = z.object({ user: managedUserSchema });
export type ChangedUserResponse = z.infer<typeof changedUserResponseSchema>;

/** PUT /api/operator/users/:id/status. Disabling ends the user's sessions; never one's own. */
export const changeUserStatusRequestSchema = z.strictObject({ status: userStatusSchema });

export const OPERATOR_USERS_PAGE_SIZE_DEFAULT = 20;

/**
 * GET /api/operator/users: everyone, newest first. `q` matches name, email or phone; `role` and
 * `status` narrow the list.
 */
export const operatorUsersQuerySchema = z.strictObject({
  q: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    safeText({ max: 100 }).optional(),
  ),
  role: z.enum(USER_ROLES, { error: 'invalid' }).optional(),
  status: z.enum(USER_STATUSES, { error: 'invalid' }).optional(),
  page: z.coerce
    .number({ error: 'invalid' })
    .int({ error: 'invalid' })
    .min(1, { error: 'invalid' })
    .max(100_000, { error: 'invalid' })
    .default(1),
  pageSize: z.coerce
    .number({ error: 'invalid' })
    .int({ error: 'invalid' })
    .min(1, { error: 'invalid' })
    .max(100, { error: 'invalid' })
    .default(OPERATOR_USERS_PAGE_SIZE_DEFAULT),
});

export const operatorUserSchema = managedUserSchema.extend({ joinedAt: z.string() });
export type OperatorUser = z.infer<typeof operatorUserSchema>;

export const operatorUserListResponseSchema = z.object({
  items: z.array(operatorUserSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type OperatorUserList = z.infer<typeof operatorUserListResponseSchema>;
