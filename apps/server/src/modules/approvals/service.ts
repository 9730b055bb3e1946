import {
  approvalActionSchema,
  type Approval,
  type ApprovalAction,
} from '@portal/contract/approvals';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '@server/db/client';
import { approvals, users } from '@server/db/schema';
import { AppError } from '@server/lib/errors';
import { recordAuditEvent, type ApprovalRecord } from '@server/modules/audit/audit-log';
import { checkTakeable, takeSell } from '@server/modules/transactions/payouts';
import { EXECUTORS } from './executors';
import { findApproval, insertApproval, lockApproval, type ApprovalRow } from './repository';
import { auditObjectOf, subjectOf } from './subjects';

/**
 * Four-eyes (docs/decisions/017): a guarded action is asked for (`requestApproval`), then another
 * operator approves it (carried out once, in one database transaction with the approval) or
 * rejects it, or the maker withdraws it.
 */

export interface Person {
  id: string;
  name: string;
}

async function nameOf(db: Database, id: string): Promise<string> {
  const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, id));
  return row?.name ?? '';
}

async function answer(db: Database, id: string): Promise<Approval> {
  const approval = await findApproval(db, id);
  if (!approval) throw new AppError('NOT_FOUND', 'This approval does not exist.');
  return approval;
}

/** Event details every approval_* event carries: what, and both people by name. */
function eventOf(
  row: ApprovalRow,
  action: ApprovalAction,
  details: Record<string, unknown>,
): {
  object?: { type: 'transaction' | 'deposit' | 'rate' | 'agency'; id: string };
  details: Record<string, unknown>;
} {
  const object = auditObjectOf(action);
  return {
    ...(object ? { object } : {}),
    details: { approval: row.id, kind: row.kind, ...details },
  };
}

/**
 * The guarded action waits for a second operator: what the maker asked is stored as they saw it
 * and the request is audited. The caller has refused at once whatever the action would refuse.
 */
export async function requestApproval(
  db: Database,
  action: ApprovalAction,
  maker: Person,
  ip: string | null,
): Promise<Approval> {
  const parsed = approvalActionSchema.parse(action);
  const subject = subjectOf(parsed);
  const row = await db.transaction(async (tx) => {
    const inserted = await insertApproval(tx, {
      action: parsed,
      ...subject,
      requestedBy: maker.id,
    });
    await recordAuditEvent(tx, {
      action: 'approval_requested',
      actorUserId: maker.id,
      subjectUserId: subject.targetUserId ?? maker.id,
      ip,
      ...eventOf(inserted, parsed, { requestedBy: maker }),
    });
    return inserted;
  });
  return answer(db, row.id);
}

/** Locks a pending approval the checker may decide; refuses a decided one and the maker. */
async function lockForDecision(tx: Database, id: string, checker: Person): Promise<ApprovalRow> {
  const row = await lockApproval(tx, id);
  if (row.status !== 'pending') throw new AppError('APPROVAL_ALREADY_DECIDED');
  if (row.requestedBy === checker.id) throw new AppError('APPROVAL_OWN_ACTION');
  return row;
}

/**
 * Approves and carries the action out, once: the approval is locked, still pending and not the
 * checker's own, the action is carried out and the approval marked approved in one transaction
 * (two checkers at once: one approves, the other finds it decided). A payout is marked approved
 * first and the merchant debit asked for after (takeSell); its failure is kept on the approval.
 */
export async function approve(
  app: FastifyInstance,
  id: string,
  checker: Person,
  ip: string | null,
): Promise<Approval> {
  const { row, action, record } = await app.db.transaction(async (tx) => {
    const locked = await lockForDecision(tx, id, checker);
    const parsed = approvalActionSchema.parse(locked.action);
    const approval: ApprovalRecord = {
      id: locked.id,
      requestedBy: { id: locked.requestedBy, name: await nameOf(tx, locked.requestedBy) },
      approvedBy: checker,
    };
    if (parsed.kind === 'payout') {
      // A sale that can no longer be taken (cancelled meanwhile) is refused now, like any other
      // action refused when approved: the approval stays pending for a rejection.
      await checkTakeable(tx, parsed.transaction.id, { kind: 'operator', userId: checker.id });
    } else {
      const carryOut = EXECUTORS[parsed.kind] as (
        tx: Database,
        action: ApprovalAction,
        context: { checkerId: string; ip: string | null; approval: ApprovalRecord },
      ) => Promise<unknown>;
      await carryOut(tx, parsed, { checkerId: checker.id, ip, approval });
    }
    await tx
      .update(approvals)
      .set({ status: 'approved', decidedBy: checker.id, decidedAt: new Date() })
      .where(eq(approvals.id, locked.id));
    await recordAuditEvent(tx, {
      action: 'approval_approved',
      actorUserId: checker.id,
      subjectUserId: locked.targetUserId ?? locked.requestedBy,
      ip,
      ...eventOf(locked, parsed, { requestedBy: approval.requestedBy, approvedBy: checker }),
    });
    return { row: locked, action: parsed, record: approval };
  });

  if (action.kind === 'payout') {
    try {
      await takeSell(
        app,
        action.transaction.id,
        { kind: 'operator', userId: checker.id },
        { ...(action.note !== null ? { note: action.note } : {}), approval: record },
        ip,
      );
    } catch (error) {
      const code = error instanceof AppError ? error.code : 'INTERNAL_ERROR';
      const message =
        error instanceof AppError ? error.message : 'The payout could not be started.';
      if (!(error instanceof AppError))
        app.log.error({ err: error, approvalId: row.id }, 'payout after approval failed');
      await app.db
        .update(approvals)
        .set({ failureCode: code, failureMessage: message })
        .where(eq(approvals.id, row.id));
    }
  }
  return answer(app.db, row.id);
}

/** A checker refuses it with a reason the maker will read; nothing is carried out. */
export async function reject(
  db: Database,
  id: string,
  checker: Person,
  reason: string,
  ip: string | null,
): Promise<Approval> {
  await db.transaction(async (tx) => {
    const locked = await lockForDecision(tx, id, checker);
    const parsed = approvalActionSchema.parse(locked.action);
    await tx
      .update(approvals)
      .set({
        status: 'rejected',
        decidedBy: checker.id,
        decidedAt: new Date(),
        rejectionReason: reason,
      })
      .where(eq(approvals.id, locked.id));
    await recordAuditEvent(tx, {
      action: 'approval_rejected',
      actorUserId: checker.id,
      subjectUserId: locked.targetUserId ?? locked.requestedBy,
      ip,
      ...eventOf(locked, parsed, {
        requestedBy: { id: locked.requestedBy, name: await nameOf(tx, locked.requestedBy) },
        rejectedBy: checker,
        reason,
      }),
    });
  });
  return answer(db, id);
}

/** The maker takes back what they asked, before anyone decided; nobody else may. */
export async function withdraw(
  db: Database,
  id: string,
  maker: Person,
  ip: string | null,
): Promise<Approval> {
  await db.transaction(async (tx) => {
    const locked = await lockApproval(tx, id);
    if (locked.requestedBy !== maker.id) {
      throw new AppError('FORBIDDEN', 'Only the person who asked for it can withdraw it.');
    }
    if (locked.status !== 'pending') throw new AppError('APPROVAL_ALREADY_DECIDED');
    const parsed = approvalActionSchema.parse(locked.action);
    await tx.update(approvals).set({ status: 'withdrawn' }).where(eq(approvals.id, locked.id));
    await recordAuditEvent(tx, {
      action: 'approval_withdrawn',
      actorUserId: maker.id,
      subjectUserId: locked.targetUserId ?? maker.id,
      ip,
      ...eventOf(locked, parsed, { requestedBy: maker }),
    });
  });
  return answer(db, id);
}
