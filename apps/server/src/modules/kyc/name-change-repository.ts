import type { NameChangeRequest, NameChangeReviewItem } from '@portal/contract/name-change';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '@server/db/client';
import { isUniqueViolation } from '@server/db/errors';
import { nameChangeRequests, users } from '@server/db/schema';
import { AppError } from '@server/lib/errors';
import { recordAuditEvent } from '@server/modules/audit/audit-log';
import { REVIEW_QUEUE_LIMIT } from './repository';
import { refuseWhileBuyOpen } from './name-lock';

type NameChangeRow = typeof nameChangeRequests.$inferSelect;

/**
 * Name-change requests (docs/decisions/010): a verified user asks for a new name with a new
 * identity document; an operator compares the two and approves or rejects. Approval is the only
 * way a locked name changes, and it refuses while one of the user's buys is open.
 */

export function toNameChangeRequest(row: NameChangeRow): NameChangeRequest {
  return {
    id: row.id,
    currentName: row.currentName,
    requestedName: row.requestedName,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    rejectionReason: row.rejectionReason,
  };
}

function notFound(): AppError {
  return new AppError('NOT_FOUND', 'This name change request does not exist.');
}

export async function findNameChange(db: Database, id: string): Promise<NameChangeRow | null> {
  const [row] = await db.select().from(nameChangeRequests).where(eq(nameChangeRequests.id, id));
  return row ?? null;
}

/** The user's latest request, whatever its status. */
export async function latestNameChange(
  db: Database,
  userId: string,
): Promise<NameChangeRow | null> {
  const [row] = await db
    .select()
    .from(nameChangeRequests)
    .where(eq(nameChangeRequests.userId, userId))
    .orderBy(desc(nameChangeRequests.createdAt), desc(nameChangeRequests.id))
    .limit(1);
  return row ?? null;
}

export interface NewNameChange {
  userId: string;
  requestedName: string;
  storageKey: string;
  contentType: string;
  sizeBytes: number;
  ip: string | null;
}

/**
 * Files a request. Refused when it would change nothing, when one is already waiting
 * (NAME_CHANGE_PENDING; the partial unique index settles two at once) or while a buy is open.
 */
export async function submitNameChange(
  db: Database,
  change: NewNameChange,
): Promise<NameChangeRow> {
  try {
    return await db.transaction(async (tx) => {
      const [user] = await tx
        .select({ name: users.name })
        .from(users)
        .where(eq(users.id, change.userId))
        .for('update');
      if (!user) throw new Error(`user ${change.userId} vanished while signed in`);
      if (user.name === change.requestedName) {
        throw new AppError('VALIDATION_FAILED', 'The new name is the name you have.', {
          fields: { name: 'invalid' },
        });
      }
      await refuseWhileBuyOpen(tx, change.userId);
      const [inserted] = await tx
        .insert(nameChangeRequests)
        .values({
          userId: change.userId,
          currentName: user.name,
          requestedName: change.requestedName,
          storageKey: change.storageKey,
          contentType: change.contentType,
          sizeBytes: change.sizeBytes,
        })
        .returning();
      if (!inserted) throw new Error('The name change request was not inserted.');
      await recordAuditEvent(tx, {
        action: 'name_change_requested',
        actorUserId: change.userId,
        ip: change.ip,
        details: { requestId: inserted.id, from: user.name, to: change.requestedName },
      });
      return inserted;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'name_change_requests_one_open_idx')) {
      throw new AppError('NAME_CHANGE_PENDING');
    }
    throw error;
  }
}

export interface NameChangeDecision {
  requestId: string;
  operatorId: string;
  ip: string | null;
  outcome: { status: 'approved' } | { status: 'rejected'; reason: string };
}

/**
 * Approves or rejects a waiting request. The request row is locked first, then the user's, so of
 * two operators deciding at once the second finds it decided (KYC_ALREADY_REVIEWED). Approval
 * writes the new name in the same transaction, unless a buy is open (OPEN_BUY_REQUESTS: the
 * request keeps waiting). Nobody decides on their own request.
 */
export async function decideNameChange(
  db: Database,
  decision: NameChangeDecision,
): Promise<NameChangeRow> {
  const { requestId, operatorId, outcome } = decision;
  return db.transaction(async (tx) => {
    const [request] = await tx
      .select()
      .from(nameChangeRequests)
      .where(eq(nameChangeRequests.id, requestId))
      .for('update');
    if (!request) throw notFound();
    if (request.userId === operatorId) {
      throw new AppError('FORBIDDEN', 'You cannot review your own name change.');
    }
    if (request.status !== 'submitted') throw new AppError('KYC_ALREADY_REVIEWED');

    if (outcome.status === 'approved') {
      await tx.execute(sql`select 1 from users where id = ${request.userId} for update`);
      await refuseWhileBuyOpen(tx, request.userId);
      await tx
        .update(users)
        .set({ name: request.requestedName, updatedAt: sql`now()` })
        .where(eq(users.id, request.userId));
    }
    const [updated] = await tx
      .update(nameChangeRequests)
      .set({
        status: outcome.status,
        decidedAt: sql`now()`,
        decidedBy: operatorId,
        rejectionReason: outcome.status === 'rejected' ? outcome.reason : null,
      })
      .where(and(eq(nameChangeRequests.id, requestId), eq(nameChangeRequests.status, 'submitted')))
      .returning();
    if (!updated) throw new AppError('KYC_ALREADY_REVIEWED');
    await recordAuditEvent(tx, {
      action: outcome.status === 'approved' ? 'name_change_approved' : 'name_change_rejected',
      actorUserId: operatorId,
      subjectUserId: request.userId,
      ip: decision.ip,
      details: {
        requestId,
        from: request.currentName,
        to: request.requestedName,
        ...(outcome.status === 'rejected' ? { reason: outcome.reason } : {}),
      },
    });
    return updated;
  });
}

/** The requests waiting for review, oldest first, with who asked. */
export async function listNameChangesForReview(db: Database): Promise<NameChangeReviewItem[]> {
  const rows = await db
    .select({
      request: nameChangeRequests,
      user: { id: users.id, name: users.name, email: users.email },
    })
    .from(nameChangeRequests)
    .innerJoin(users, eq(users.id, nameChangeRequests.userId))
    .where(eq(nameChangeRequests.status, 'submitted'))
    .orderBy(asc(nameChangeRequests.createdAt), asc(nameChangeRequests.id))
    .limit(REVIEW_QUEUE_LIMIT);
  return rows.map(({ request, user }) => ({
    ...toNameChangeRequest(request),
    user,
    contentType: request.contentType,
    sizeBytes: request.sizeBytes,
  }));
}
