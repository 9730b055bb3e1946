import type { AuditAction, AuditObjectType } from '@portal/contract/audit';
import type { Database } from '@server/db/client';
import { auditEvents } from '@server/db/schema';

export type { AuditAction };

export interface AuditEntry {
  action: AuditAction;
  actorUserId?: string | null;
  /** Whom the event is about; defaults to the actor. */
  subjectUserId?: string | null;
  ip?: string | null;
  /** What the event is about besides a user, by the reference people use for it. */
  object?: { type: AuditObjectType; id: string };
  /**
   * Facts about the event; a change names what it was and what it became (`before`, `after`).
   * Never secrets: no passwords, tokens or file contents.
   */
  details?: Record<string, unknown>;
}

/**
 * An action carried out on a second operator's approval (docs/decisions/017): its own audit event
 * names both people in `details.approval`.
 */
export interface ApprovalRecord {
  id: string;
  requestedBy: { id: string; name: string };
  approvedBy: { id: string; name: string };
}

/** `{ approval }` for an event's details when the action was approved, else nothing. */
export function approvalDetails(approval: ApprovalRecord | undefined): Record<string, unknown> {
  return approval ? { approval } : {};
}

/**
 * Writes one event of the audit trail (docs/decisions/020), in the caller's database transaction,
 * so it is kept exactly when the action is. The database numbers and chains it.
 */
export async function recordAuditEvent(db: Database, entry: AuditEntry): Promise<void> {
  await db.insert(auditEvents).values({
    action: entry.action,
    actorUserId: entry.actorUserId ?? null,
    subjectUserId: entry.subjectUserId ?? entry.actorUserId ?? null,
    ip: entry.ip ?? null,
    objectType: entry.object?.type ?? null,
    objectId: entry.object?.id ?? null,
    details: entry.details ?? {},
  });
}

/**
 * What a change changed, for an event's details: the fields whose value differs, as they were
 * (`before`) and as they are (`after`). Values are compared as JSON, so a date or a decimal
 * written the same way counts as unchanged.
 */
export function changeOf<T extends Record<string, unknown>>(
  before: T,
  after: T,
): { before: Partial<T>; after: Partial<T> } {
  const was: Partial<T> = {};
  const now: Partial<T> = {};
  for (const key of Object.keys(after) as Array<keyof T>) {
    if (JSON.stringify(before[key]) === JSON.stringify(after[key])) continue;
    was[key] = before[key];
    now[key] = after[key];
  }
  return { before: was, after: now };
}
