import { and, asc, count, eq, lt, or, sql } from 'drizzle-orm';
import type { Passkey } from '@portal/contract/passkeys';
import type { Database } from '@server/db/client';
import { passkeys } from '@server/db/schema';

/** A user's passkeys as kept (docs/decisions/025): public keys only. */

export interface StoredPasskey {
  id: string;
  userId: string;
  credentialId: string;
  publicKey: string;
  counter: number;
  transports: string[];
}

const stored = {
  id: passkeys.id,
  userId: passkeys.userId,
  credentialId: passkeys.credentialId,
  publicKey: passkeys.publicKey,
  counter: passkeys.counter,
  transports: passkeys.transports,
};

export async function listPasskeys(db: Database, userId: string): Promise<Passkey[]> {
  const rows = await db
    .select({
      id: passkeys.id,
      name: passkeys.name,
      createdAt: passkeys.createdAt,
      lastUsedAt: passkeys.lastUsedAt,
    })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.createdAt), asc(passkeys.id));
  return rows.map((row) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  }));
}

export async function passkeyCount(db: Database, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId));
  return row?.n ?? 0;
}

export function passkeysOf(db: Database, userId: string): Promise<StoredPasskey[]> {
  return db.select(stored).from(passkeys).where(eq(passkeys.userId, userId));
}

export async function findPasskey(
  db: Database,
  credentialId: string,
): Promise<StoredPasskey | null> {
  const [row] = await db
    .select(stored)
    .from(passkeys)
    .where(eq(passkeys.credentialId, credentialId));
  return row ?? null;
}

/** Keeps a new passkey; null if its credential id is already kept (for anyone). */
export async function insertPasskey(
  db: Database,
  passkey: Omit<StoredPasskey, 'id'> & { name: string },
): Promise<string | null> {
  const [row] = await db
    .insert(passkeys)
    .values(passkey)
    .onConflictDoNothing({ target: passkeys.credentialId })
    .returning({ id: passkeys.id });
  return row?.id ?? null;
}

/**
 * Records a use with the authenticator's new counter: taken only if it went up (or the
 * authenticator keeps none, 0 then and now), in one conditional update, so a cloned key
 * answering with an old count, or two requests with one answer, cannot both get through.
 */
export async function recordUse(db: Database, id: string, newCounter: number): Promise<boolean> {
  const used = await db
    .update(passkeys)
    .set({ counter: newCounter, lastUsedAt: sql`now()` })
    .where(
      and(
        eq(passkeys.id, id),
        or(lt(passkeys.counter, newCounter), and(eq(passkeys.counter, 0), sql`${newCounter} = 0`)),
      ),
    )
    .returning({ id: passkeys.id });
  return used.length === 1;
}

/** Removes one of the user's passkeys: its name if it was theirs, else null. */
export async function removePasskey(
  db: Database,
  userId: string,
  id: string,
): Promise<string | null> {
  const [row] = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning({ name: passkeys.name });
  return row?.name ?? null;
}
