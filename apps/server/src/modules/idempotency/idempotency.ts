import { createHash } from 'node:crypto';
import { IDEMPOTENCY_KEY_HEADER, idempotencyKeySchema } from '@portal/contract/transactions';
import { and, eq, lt } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '@server/db/client';
import { idempotencyKeys } from '@server/db/schema';
import { isUniqueViolation } from '@server/db/errors';
import { AppError, errorBody } from '@server/lib/errors';

/**
 * Idempotency-Key for money-moving POSTs (the Stripe model):
 * - the first request with a key runs and its response (success or 4xx) is kept;
 * - a replay with the same key and the same payload gets that response back, nothing runs again;
 * - the same key with another payload is refused: 422 IDEMPOTENCY_KEY_REUSED.
 * The key and the success response are written inside the work's own database transaction
 * (`keep`), so they commit together or not at all: a crash (process killed, database stopped)
 * before the commit leaves neither, and the client's retry runs for real; a crash after it
 * leaves both, and the retry gets the stored answer. A replay racing the first waits on the
 * key's row and then gets the first one's answer. A 5xx keeps nothing. Keys are per user and are
 * kept for KEY_RETENTION_HOURS.
 */
export const KEY_RETENTION_HOURS = 24;

/** Writes the key with its response inside the caller's transaction, just before it commits. */
export type KeepResponse = (
  tx: Database,
  outcome: { status: number; body: unknown },
) => Promise<void>;

const KEY_CONSTRAINT = 'idempotency_keys_user_id_key_pk';

export async function withIdempotency<Body>(
  db: Database,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
  run: (keep: KeepResponse) => Promise<{ status: number; body: Body }>,
): Promise<FastifyReply> {
  const header = request.headers[IDEMPOTENCY_KEY_HEADER];
  const parsedKey = idempotencyKeySchema.safeParse(Array.isArray(header) ? header[0] : header);
  if (!parsedKey.success) throw new AppError('IDEMPOTENCY_KEY_REQUIRED');
  const key = parsedKey.data;
  const fingerprint = createHash('sha256')
    .update(`${request.method} ${request.routeOptions.url ?? request.url}\n`)
    .update(JSON.stringify(request.params ?? {}))
    .update('\n')
    .update(canonicalJson(request.body))
    .digest('hex');

  /** Sends the stored answer, if there is one. (Returns a flag, not the reply: a reply is a
   * thenable, which an async function would wait on instead of returning.) */
  const replay = async (): Promise<boolean> => {
    const [existing] = await db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
    if (!existing) return false;
    if (existing.fingerprint !== fingerprint) throw new AppError('IDEMPOTENCY_KEY_REUSED');
    // Rows of the earlier scheme, which took the key before the work ran.
    if (existing.responseStatus === null) throw new AppError('IDEMPOTENCY_IN_PROGRESS');
    reply.header('idempotent-replayed', 'true');
    reply.code(existing.responseStatus).send(existing.responseBody);
    return true;
  };

  if (await replay()) return reply;

  let kept = false;
  const keep: KeepResponse = async (tx, outcome) => {
    // A replay that got here first makes this insert fail on the primary key (after waiting for
    // the other transaction to commit), which rolls this one's work back.
    await tx.insert(idempotencyKeys).values({
      userId,
      key,
      fingerprint,
      responseStatus: outcome.status,
      responseBody: outcome.body,
    });
    kept = true;
  };

  let outcome: { status: number; body: Body };
  try {
    outcome = await run(keep);
  } catch (error) {
    if (isUniqueViolation(error, KEY_CONSTRAINT)) {
      if (await replay()) return reply;
      throw new AppError('IDEMPOTENCY_IN_PROGRESS');
    }
    if (error instanceof AppError && error.status < 500) {
      // Refusals are kept too, so a retry is refused the same way; if another request with the
      // key has meanwhile kept its answer, that one stands.
      await db
        .insert(idempotencyKeys)
        .values({
          userId,
          key,
          fingerprint,
          responseStatus: error.status,
          responseBody: errorBody(error.code, error.message, error.fields),
        })
        .onConflictDoNothing();
    }
    throw error;
  }
  // Work that had no transaction to keep the answer in: keep it now (not crash-proof).
  if (!kept) await keep(db, outcome);
  return reply.code(outcome.status).send(outcome.body);
}

/** Old keys go in the housekeeping sweep. */
export async function deleteOldKeys(db: Database, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - KEY_RETENTION_HOURS * 60 * 60 * 1000);
  const deleted = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, cutoff))
    .returning({ key: idempotencyKeys.key });
  return deleted.length;
}

/** JSON with object keys sorted, so {a,b} and {b,a} are the same payload. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value ?? null, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : 1)))
      : inner,
  );
}
