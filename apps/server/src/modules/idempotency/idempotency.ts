import { createHash } from 'node:crypto';
import { IDEMPOTENCY_KEY_HEADER, idempotencyKeySchema } from '@portal/contract/transactions';
import { and, eq, lt } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '@server/db/client';
import { idempotencyKeys } from '@server/db/schema';
import { AppError, errorBody } from '@server/lib/errors';

/**
 * Idempotency-Key for money-moving POSTs (the Stripe model):
 * - the first request with a key runs and its response (success or 4xx) is kept;
 * - a replay with the same key and the same payload gets that response back, nothing runs again;
 * - the same key with another payload is refused: 422 IDEMPOTENCY_KEY_REUSED;
 * - a replay while the first is still running: 409 IDEMPOTENCY_IN_PROGRESS.
 * A 5xx or crash forgets the key, so the client's retry runs for real. Keys are per user and are
 * kept for KEY_RETENTION_HOURS.
 */
export const KEY_RETENTION_HOURS = 24;

/** The key is taken by an insert; the row is the lock. */
export async function withIdempotency<Body>(
  db: Database,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
  run: () => Promise<{ status: number; body: Body }>,
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

  const taken = await db
    .insert(idempotencyKeys)
    .values({ userId, key, fingerprint })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });

  if (taken.length === 0) {
    const [existing] = await db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
    // Gone between the insert and the select: the first request failed and forgot it.
    if (!existing) throw new AppError('IDEMPOTENCY_IN_PROGRESS');
    if (existing.fingerprint !== fingerprint) throw new AppError('IDEMPOTENCY_KEY_REUSED');
    if (existing.responseStatus === null) throw new AppError('IDEMPOTENCY_IN_PROGRESS');
    reply.header('idempotent-replayed', 'true');
    return reply.code(existing.responseStatus).send(existing.responseBody);
  }

  const forget = () =>
    db
      .delete(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  const remember = (status: number, body: unknown) =>
    db
      .update(idempotencyKeys)
      .set({ responseStatus: status, responseBody: body })
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));

  let outcome: { status: number; body: Body };
  try {
    outcome = await run();
  } catch (error) {
    if (error instanceof AppError && error.status < 500) {
      await remember(error.status, errorBody(error.code, error.message, error.fields)).catch(() =>
        forget(),
      );
    } else {
      await forget().catch(() => undefined);
    }
    throw error;
  }
  await remember(outcome.status, outcome.body);
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
