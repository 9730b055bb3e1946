import { eq, sql } from 'drizzle-orm';
import type { MailLanguage } from '@portal/contract/auth';
import type { ManagedUser, UserRole } from '@portal/contract/users';
import type { Database } from '@server/db/client';
import { isUniqueViolation } from '@server/db/errors';
import { agencies, users } from '@server/db/schema';
import type { SignedInUser } from '@server/modules/auth/sessions';

export async function findUserByEmail(db: Database, email: string) {
  const [row] = await db.select().from(users).where(eq(users.email, email));
  return row ?? null;
}

export async function findAgencyByCode(db: Database, code: string) {
  const [row] = await db.select().from(agencies).where(eq(agencies.code, code));
  return row ?? null;
}

/** An agency's status, or null when there is no such agency (docs/decisions/022). */
export async function agencyStatusOf(db: Database, agencyId: string | null) {
  if (!agencyId) return null;
  const [row] = await db
    .select({ status: agencies.status })
    .from(agencies)
    .where(eq(agencies.id, agencyId));
  return row?.status ?? null;
}

/** A user with their agency, for the signed-in user and the operator's views. */
async function selectUser(db: Database, id: string) {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      phone: users.phone,
      role: users.role,
      status: users.status,
      agencyId: users.agencyId,
      emailVerified: sql<boolean>`${users.emailVerifiedAt} is not null`,
      agencyCode: agencies.code,
      agencyName: agencies.name,
    })
    .from(users)
    .leftJoin(agencies, eq(agencies.id, users.agencyId))
    .where(eq(users.id, id));
  if (!row) return null;
  const { agencyCode, agencyName, ...user } = row;
  return {
    ...user,
    agency:
      agencyCode !== null && agencyName !== null ? { code: agencyCode, name: agencyName } : null,
  };
}

export async function findSignedInUser(db: Database, id: string): Promise<SignedInUser | null> {
  const user = await selectUser(db, id);
  if (!user) return null;
  const { status: _status, ...signedIn } = user;
  return signedIn;
}

/** A user as the operator sees them (with their status), or null. */
export async function findManagedUser(
  db: Database,
  id: string,
): Promise<(ManagedUser & { agencyId: string | null }) | null> {
  return selectUser(db, id);
}

export interface NewUser {
  email: string;
  name: string;
  phone: string;
  passwordHash: string;
  role?: UserRole;
  agencyId?: string | null;
  /**
   * Whether the email counts as confirmed: false for sign-up, which mails a link; true where
   * staff typed the address (an agency's first user), as decided in docs/decisions/027.
   */
  emailVerified: boolean;
  /** The language of mail not asked for from a page (Korean if unsaid). */
  mailLanguage?: MailLanguage;
}

/** Inserts a user; returns null when the email is taken (the unique constraint decides). */
export async function insertUser(db: Database, user: NewUser): Promise<string | null> {
  const { emailVerified, ...values } = user;
  const [row] = await db
    .insert(users)
    .values({
      ...values,
      role: user.role ?? 'client',
      agencyId: user.agencyId ?? null,
      emailVerifiedAt: emailVerified ? sql`now()` : null,
    })
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  return row?.id ?? null;
}

/** A field left out keeps its stored value (PUT /api/profile). */
export interface ProfileChange {
  name?: string;
  email: string;
  phone?: string;
}

/**
 * Saves a user's personal information. Returns the fields that changed, or null when the email
 * belongs to someone else (the unique constraint decides, so two users racing for one address
 * cannot both get it). When the name changes, `beforeNameChange` runs first in the same
 * transaction, with the user's row locked, and may refuse (the name rules of the caller).
 */
export async function updateProfile(
  db: Database,
  id: string,
  change: ProfileChange,
  beforeNameChange: (tx: Database) => Promise<void> = async () => {},
): Promise<Array<keyof ProfileChange> | null> {
  try {
    return await db.transaction(async (tx) => {
      const [before] = await tx
        .select({ name: users.name, email: users.email, phone: users.phone })
        .from(users)
        .where(eq(users.id, id))
        .for('update');
      if (!before) throw new Error(`user ${id} vanished while signed in`);
      const changed = (Object.keys(change) as Array<keyof ProfileChange>).filter(
        (field) => change[field] !== undefined && before[field] !== change[field],
      );
      if (changed.includes('name')) await beforeNameChange(tx);
      if (changed.length > 0) {
        await tx
          .update(users)
          // A new address is unconfirmed until its own link is opened (docs/decisions/027).
          .set({
            ...change,
            ...(changed.includes('email') ? { emailVerifiedAt: null } : {}),
            updatedAt: sql`now()`,
          })
          .where(eq(users.id, id));
      }
      return changed;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'users_email_unique')) return null;
    throw error;
  }
}

export async function findPasswordHash(db: Database, id: string): Promise<string | null> {
  const [row] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, id));
  return row?.passwordHash ?? null;
}

export async function updatePasswordHash(db: Database, id: string, passwordHash: string) {
  await db
    .update(users)
    .set({ passwordHash, updatedAt: sql`now()` })
    .where(eq(users.id, id));
}
