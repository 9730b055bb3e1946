import { createHash, randomBytes } from 'node:crypto';
import { and, eq, ne, not, sql, type SQL } from 'drizzle-orm';
import { isTwoFactorRequired } from '@portal/contract/two-factor';
import type { CurrentUser } from '@portal/contract/users';
import type { Database } from '@server/db/client';
import { agencies, sessions, users } from '@server/db/schema';

/** The signed-in user as route code sees it. */
export interface SignedInUser extends CurrentUser {
  agencyId: string | null;
}

export interface SessionRecord {
  /** SHA-256 of the cookie's token: what the table stores and CSRF tokens are bound to. */
  id: string;
  userId: string;
  /**
   * Whether the session proved a second factor within the step-up window (STEP_UP_SECONDS, by
   * the database clock):
   * what a change to the account's security asks of a user with two-factor on (step-up.ts).
   */
  secondFactorRecent?: boolean;
}

export interface SessionLifetime {
  idleMinutes: number;
  maxHours: number;
}

export function sessionIdOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * A new session; returns the token for the cookie (never stored). `secondFactor`: the sign-in
 * proved a second factor too (docs/SECURITY.md "Two-factor sign-in").
 */
export async function createSession(
  db: Database,
  userId: string,
  lifetime: SessionLifetime,
  client: { ip: string | null; userAgent: string | null },
  secondFactor = false,
): Promise<{ token: string; session: SessionRecord }> {
  const token = randomBytes(32).toString('base64url');
  const id = sessionIdOf(token);
  await db.insert(sessions).values({
    id,
    userId,
    expiresAt: sql`now() + make_interval(hours => ${lifetime.maxHours})`,
    ip: client.ip,
    userAgent: client.userAgent?.slice(0, 300) ?? null,
    secondFactorAt: secondFactor ? sql`now()` : null,
  });
  return { token, session: { id, userId } };
}

/**
 * Seconds after which a request records activity again: a quarter of the idle limit, at most a
 * minute, so reads stay cheap and an active session never looks idle (with a one-minute idle
 * limit, writing once a minute would end every session after a minute however busy).
 */
function touchAfterSeconds(lifetime: SessionLifetime): number {
  return Math.min(60, lifetime.idleMinutes * 15);
}

/** SQL: the session has outlived its absolute or its idle limit (by the database clock). */
export function expired(lifetime: SessionLifetime): SQL {
  return sql`(${sessions.expiresAt} <= now() or ${sessions.lastSeenAt} <= now() - make_interval(mins => ${lifetime.idleMinutes}))`;
}

/**
 * Whether a live session still lets its user in: the user active; an agency user's agency
 * active too (its clients keep their sessions, docs/decisions/022); and a member of staff's
 * session opened with two factors: one opened with a password alone (before two-factor sign-in
 * was required of staff) lets nobody in, so its owner signs in again and sets it up
 * (docs/SECURITY.md "Two-factor sign-in").
 */
function usable(
  row:
    | { status: string; role: string; agencyStatus: string | null; secondFactorAt: Date | null }
    | undefined,
): boolean {
  if (!row || row.status !== 'active') return false;
  if (row.role === 'agency' && row.agencyStatus !== 'active') return false;
  return !(isTwoFactorRequired(row.role) && row.secondFactorAt === null);
}

/**
 * The live session of a cookie token with its active user, or null. Expiry is decided by the
 * database clock, so instances with drifting clocks agree. Activity is written at most every
 * `touchAfterSeconds`, to keep reads cheap.
 */
export async function findSession(
  db: Database,
  token: string,
  lifetime: SessionLifetime,
  stepUpSeconds: number,
): Promise<{ session: SessionRecord; user: SignedInUser } | null> {
  const id = sessionIdOf(token);
  const [row] = await db
    .select({
      userId: users.id,
      name: users.name,
      email: users.email,
      phone: users.phone,
      role: users.role,
      status: users.status,
      agencyId: users.agencyId,
      emailVerified: sql<boolean>`${users.emailVerifiedAt} is not null`,
      agencyCode: agencies.code,
      agencyName: agencies.name,
      agencyStatus: agencies.status,
      secondFactorAt: sessions.secondFactorAt,
      secondFactorRecent: sql<boolean>`coalesce(${sessions.secondFactorAt} > now() - make_interval(secs => ${stepUpSeconds}), false)`,
      stale: sql<boolean>`${sessions.lastSeenAt} < now() - make_interval(secs => ${touchAfterSeconds(lifetime)})`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(agencies, eq(agencies.id, users.agencyId))
    .where(and(eq(sessions.id, id), not(expired(lifetime))));
  if (!row || !usable(row)) return null;
  if (row.stale) {
    await db
      .update(sessions)
      .set({ lastSeenAt: sql`now()` })
      .where(eq(sessions.id, id));
  }
  return {
    session: { id, userId: row.userId, secondFactorRecent: row.secondFactorRecent },
    user: {
      id: row.userId,
      name: row.name,
      email: row.email,
      phone: row.phone,
      role: row.role,
      agencyId: row.agencyId,
      emailVerified: row.emailVerified,
      agency:
        row.agencyCode !== null && row.agencyName !== null
          ? { code: row.agencyCode, name: row.agencyName }
          : null,
    },
  };
}

/**
 * Whether a session still lets its user in: not ended, not expired, its user active (and an
 * agency user's agency too), as `findSession` decides, but without counting as activity, so a
 * page left open on a live stream does not keep its session alive (docs/SECURITY.md).
 */
export async function sessionStillOpen(
  db: Database,
  id: string,
  lifetime: SessionLifetime,
): Promise<boolean> {
  const [row] = await db
    .select({
      status: users.status,
      role: users.role,
      agencyStatus: agencies.status,
      secondFactorAt: sessions.secondFactorAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(agencies, eq(agencies.id, users.agencyId))
    .where(and(eq(sessions.id, id), not(expired(lifetime))));
  return usable(row);
}

/** Records that the session just proved a second factor (turning two-factor on). */
export async function markSecondFactor(db: Database, id: string): Promise<void> {
  await db
    .update(sessions)
    .set({ secondFactorAt: sql`now()` })
    .where(eq(sessions.id, id));
}

export async function deleteSession(db: Database, id: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, id));
}

/**
 * Deletes sessions past their idle or absolute limit: one user's at their sign-in, everyone's in
 * the periodic sweep, so the table does not grow forever. Returns how many went.
 */
export async function deleteExpiredSessions(
  db: Database,
  lifetime: SessionLifetime,
  userId?: string,
): Promise<number> {
  const deleted = await db
    .delete(sessions)
    .where(userId ? and(eq(sessions.userId, userId), expired(lifetime)) : expired(lifetime))
    .returning({ id: sessions.id });
  return deleted.length;
}

/** Ends every session of a user but `keepId` (after a password change). */
export async function deleteOtherSessions(
  db: Database,
  userId: string,
  keepId: string | null,
): Promise<number> {
  const deleted = await db
    .delete(sessions)
    .where(
      keepId
        ? and(eq(sessions.userId, userId), ne(sessions.id, keepId))
        : eq(sessions.userId, userId),
    )
    .returning({ id: sessions.id });
  return deleted.length;
}

export function toCurrentUser(user: SignedInUser): CurrentUser {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    phone: user.phone,
    role: user.role,
    agency: user.agency,
    emailVerified: user.emailVerified,
  };
}
