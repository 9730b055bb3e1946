import {
  KYC_DOCUMENT_KINDS,
  type KycDocument,
  type KycDocumentKind,
  type KycReviewItem,
} from '@portal/contract/kyc';
import { and, asc, count, desc, eq, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '@server/db/client';
import { kycDocuments, users } from '@server/db/schema';
import { AppError } from '@server/lib/errors';
import { recordAuditEvent } from '@server/modules/audit/audit-log';

type KycDocumentRow = typeof kycDocuments.$inferSelect;
type StoredStatus = KycDocumentRow['status'];

/** Longest review queue returned at once; the oldest waiting documents come first. */
export const REVIEW_QUEUE_LIMIT = 200;

export function toKycDocument(row: KycDocumentRow): KycDocument {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    contentType: row.contentType,
    sizeBytes: row.sizeBytes,
    uploadedAt: row.uploadedAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    rejectionReason: row.rejectionReason,
  };
}

function alreadyReviewed(): AppError {
  return new AppError('KYC_ALREADY_REVIEWED');
}

function notFound(): AppError {
  return new AppError('NOT_FOUND', 'This document does not exist.');
}

export async function findDocument(db: Database, id: string): Promise<KycDocumentRow | null> {
  const [row] = await db.select().from(kycDocuments).where(eq(kycDocuments.id, id));
  return row ?? null;
}

export async function findCurrentDocument(
  db: Database,
  userId: string,
  kind: KycDocumentKind,
): Promise<KycDocumentRow | null> {
  const [row] = await db
    .select()
    .from(kycDocuments)
    .where(and(eq(kycDocuments.userId, userId), eq(kycDocuments.kind, kind)));
  return row ?? null;
}

/**
 * Whether the user's identity is verified: all four documents approved. Buying and selling wait
 * for it (docs/decisions/010): the name deposits are matched by is then a checked legal name.
 */
export async function isIdentityVerified(db: Database, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ approved: count() })
    .from(kycDocuments)
    .where(and(eq(kycDocuments.userId, userId), eq(kycDocuments.status, 'approved')));
  return Number(row?.approved ?? 0) >= KYC_DOCUMENT_KINDS.length;
}

export async function listUserDocuments(db: Database, userId: string): Promise<KycDocumentRow[]> {
  return db.select().from(kycDocuments).where(eq(kycDocuments.userId, userId));
}

export interface NewDocument {
  userId: string;
  kind: KycDocumentKind;
  storageKey: string;
  contentType: string;
  sizeBytes: number;
  ip: string | null;
}

/**
 * Makes a newly stored file the user's current document of its kind, in one transaction: the
 * submitted or rejected document it replaces is deleted (its storage key is returned so the
 * caller can delete that file once this has committed), and an approved one is never replaced.
 * Uploads of the same user and kind run one at a time (an advisory lock), so two at once end
 * with the later one current rather than with a unique-index error.
 */
export async function replaceCurrentDocument(
  db: Database,
  document: NewDocument,
): Promise<{ document: KycDocumentRow; replacedStorageKey: string | null }> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`kyc:${document.userId}:${document.kind}`}, 0))`,
    );
    const [current] = await tx
      .select()
      .from(kycDocuments)
      .where(and(eq(kycDocuments.userId, document.userId), eq(kycDocuments.kind, document.kind)))
      .for('update');
    if (current?.status === 'approved') throw alreadyReviewed();
    if (current) await tx.delete(kycDocuments).where(eq(kycDocuments.id, current.id));

    const [inserted] = await tx
      .insert(kycDocuments)
      .values({
        userId: document.userId,
        kind: document.kind,
        storageKey: document.storageKey,
        contentType: document.contentType,
        sizeBytes: document.sizeBytes,
      })
      .returning();
    if (!inserted) throw new Error('The document row was not inserted.');

    await recordAuditEvent(tx, {
      action: 'kyc_uploaded',
      actorUserId: document.userId,
      ip: document.ip,
      details: {
        documentId: inserted.id,
        kind: inserted.kind,
        contentType: inserted.contentType,
        sizeBytes: inserted.sizeBytes,
        ...(current ? { replacedDocumentId: current.id } : {}),
      },
    });
    return { document: inserted, replacedStorageKey: current?.storageKey ?? null };
  });
}

/**
 * Deletes a user's own document unless it is approved; returns its storage key so the caller can
 * delete the file. Someone else's document is "not found", exactly like a missing one.
 */
export async function deleteOwnDocument(db: Database, userId: string, id: string): Promise<string> {
  const [deleted] = await db
    .delete(kycDocuments)
    .where(
      and(
        eq(kycDocuments.id, id),
        eq(kycDocuments.userId, userId),
        ne(kycDocuments.status, 'approved'),
      ),
    )
    .returning({ storageKey: kycDocuments.storageKey });
  if (deleted) return deleted.storageKey;
  const existing = await findDocument(db, id);
  if (existing && existing.userId === userId) throw alreadyReviewed();
  throw notFound();
}

export interface Decision {
  documentId: string;
  operatorId: string;
  ip: string | null;
  outcome: { status: 'approved' } | { status: 'rejected'; reason: string };
}

/**
 * Approves or rejects a submitted document. The update only matches a submitted row, so of two
 * operators deciding at the same moment exactly one wins and the other gets 409. Nobody decides
 * on their own document. The decision and its audit entry commit together.
 */
export async function decideDocument(db: Database, decision: Decision): Promise<KycDocumentRow> {
  const { documentId, operatorId, outcome } = decision;
  return db.transaction(async (tx) => {
    // An approval locks the user's name (docs/decisions/010): a rename in flight finishes first,
    // so what the operator approved is the name the user has.
    await tx.execute(
      sql`select 1 from users where id = (select user_id from kyc_documents where id = ${documentId}) for share`,
    );
    const [updated] = await tx
      .update(kycDocuments)
      .set({
        status: outcome.status,
        reviewedAt: sql`now()`,
        reviewedBy: operatorId,
        rejectionReason: outcome.status === 'rejected' ? outcome.reason : null,
      })
      .where(
        and(
          eq(kycDocuments.id, documentId),
          eq(kycDocuments.status, 'submitted'),
          ne(kycDocuments.userId, operatorId),
        ),
      )
      .returning();
    if (!updated) {
      const existing = await findDocument(tx, documentId);
      if (!existing) throw notFound();
      if (existing.userId === operatorId) {
        throw new AppError('FORBIDDEN', 'You cannot review your own documents.');
      }
      throw alreadyReviewed();
    }
    await recordAuditEvent(tx, {
      action: outcome.status === 'approved' ? 'kyc_approved' : 'kyc_rejected',
      actorUserId: operatorId,
      subjectUserId: updated.userId,
      ip: decision.ip,
      details: {
        documentId: updated.id,
        kind: updated.kind,
        ...(outcome.status === 'rejected' ? { reason: outcome.reason } : {}),
      },
    });
    return updated;
  });
}

/**
 * The review queue: submitted documents oldest first (first come, first served); decided ones
 * most recently decided first.
 */
export async function listForReview(db: Database, status: StoredStatus): Promise<KycReviewItem[]> {
  const order =
    status === 'submitted'
      ? [asc(kycDocuments.uploadedAt), asc(kycDocuments.id)]
      : [desc(kycDocuments.reviewedAt), desc(kycDocuments.id)];
  const reviewer = alias(users, 'reviewer');
  const rows = await db
    .select({
      document: kycDocuments,
      user: { id: users.id, name: users.name, email: users.email },
      reviewerId: reviewer.id,
      reviewerName: reviewer.name,
    })
    .from(kycDocuments)
    .innerJoin(users, eq(users.id, kycDocuments.userId))
    .leftJoin(reviewer, eq(reviewer.id, kycDocuments.reviewedBy))
    .where(eq(kycDocuments.status, status))
    .orderBy(...order)
    .limit(REVIEW_QUEUE_LIMIT);
  return rows.map(({ document, user, reviewerId, reviewerName }) => ({
    ...toKycDocument(document),
    user,
    reviewedBy:
      reviewerId !== null && reviewerName !== null ? { id: reviewerId, name: reviewerName } : null,
  }));
}
