import {
  approvalActionSchema,
  type Approval,
  type ApprovalAction,
} from '@portal/contract/approvals';
import { and, count, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '@server/db/client';
import { isUniqueViolation } from '@server/db/errors';
import { approvals, users } from '@server/db/schema';
import { AppError } from '@server/lib/errors';

export type ApprovalRow = typeof approvals.$inferSelect;

/** What a guarded action asks for: the action as the maker saw it, its subject and its links. */
export interface NewApproval {
  action: ApprovalAction;
  subjectKey: string;
  transactionId?: string | null;
  depositId?: string | null;
  agencyId?: string | null;
  targetUserId?: string | null;
  requestedBy: string;
}

/**
 * Stores what was asked. One subject waits at most once (a unique index while pending): a second
 * ask is APPROVAL_ALREADY_PENDING.
 */
export async function insertApproval(db: Database, input: NewApproval): Promise<ApprovalRow> {
  const action = approvalActionSchema.parse(input.action);
  try {
    const [row] = await db
      .insert(approvals)
      .values({
        kind: action.kind,
        action,
        subjectKey: input.subjectKey,
        transactionId: input.transactionId ?? null,
        depositId: input.depositId ?? null,
        agencyId: input.agencyId ?? null,
        targetUserId: input.targetUserId ?? null,
        requestedBy: input.requestedBy,
      })
      .returning();
    return row!;
  } catch (error) {
    if (isUniqueViolation(error, 'approvals_one_pending_per_subject')) {
      throw new AppError('APPROVAL_ALREADY_PENDING');
    }
    throw error;
  }
}

/** The approval, locked until the caller's transaction ends. */
export async function lockApproval(db: Database, id: string): Promise<ApprovalRow> {
  const [row] = await db.select().from(approvals).where(eq(approvals.id, id)).for('update');
  if (!row) throw new AppError('NOT_FOUND', 'This approval does not exist.');
  return row;
}

/** The maker and the checker, each a user joined under their own name (the queue searches both). */
export const maker = alias(users, 'maker');
export const checker = alias(users, 'checker');

const selection = {
  approval: approvals,
  makerName: maker.name,
  checkerName: checker.name,
};

export function select(db: Database) {
  return db
    .select(selection)
    .from(approvals)
    .innerJoin(maker, eq(maker.id, approvals.requestedBy))
    .leftJoin(checker, eq(checker.id, approvals.decidedBy));
}

export type Selected = { approval: ApprovalRow; makerName: string; checkerName: string | null };

export function toApproval({ approval: row, makerName, checkerName }: Selected): Approval {
  return {
    id: row.id,
    status: row.status,
    // Checked on read too: the checker approves exactly what the contract says was asked.
    action: approvalActionSchema.parse(row.action),
    requestedBy: { id: row.requestedBy, name: makerName },
    requestedAt: row.requestedAt.toISOString(),
    decidedBy: row.decidedBy ? { id: row.decidedBy, name: checkerName ?? '' } : null,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    rejectionReason: row.rejectionReason,
    failure:
      row.failureCode !== null
        ? { code: row.failureCode, message: row.failureMessage ?? '' }
        : null,
  };
}

export async function findApproval(db: Database, id: string): Promise<Approval | null> {
  const [row] = await select(db).where(eq(approvals.id, id));
  return row ? toApproval(row) : null;
}

/** Every approval of one transaction, deposit or agency, newest first. */
export async function approvalsFor(
  db: Database,
  of: { transactionId: string } | { depositId: string } | { agencyId: string },
): Promise<Approval[]> {
  const where =
    'transactionId' in of
      ? eq(approvals.transactionId, of.transactionId)
      : 'depositId' in of
        ? eq(approvals.depositId, of.depositId)
        : eq(approvals.agencyId, of.agencyId);
  const rows = await select(db)
    .where(where)
    .orderBy(desc(approvals.requestedAt), desc(approvals.id));
  return rows.map(toApproval);
}

/** How many approvals wait for a checker. */
export async function countPendingApprovals(db: Database): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(approvals)
    .where(eq(approvals.status, 'pending'));
  return row?.total ?? 0;
}

/** A payout's approval that was approved: a later take of that sale needs no new approval. */
export async function approvedPayoutOf(
  db: Database,
  transactionId: string,
): Promise<ApprovalRow | undefined> {
  const [row] = await db
    .select()
    .from(approvals)
    .where(
      and(
        eq(approvals.transactionId, transactionId),
        eq(approvals.kind, 'payout'),
        eq(approvals.status, 'approved'),
      ),
    )
    .orderBy(desc(approvals.decidedAt))
    .limit(1);
  return row;
}
