import type { AuditAction } from '@portal/contract/audit';
import type { Database } from '@server/db/client';
import { auditEvents } from '@server/db/schema';

export type { AuditAction };

export interface AuditEntry {
  action: AuditAction;
  actorUserId?: string | null;
  /** Whom the event is about; defaults to the actor. */
  subjectUserId?: string | null;
  ip?: string | null;
  /** Facts about the event. Never secrets: no passwords, tokens or file contents. */
  details?: Record<string, unknown>;
}

export async function recordAuditEvent(db: Database, entry: AuditEntry): Promise<void> {
  await db.insert(auditEvents).values({
    action: entry.action,
    actorUserId: entry.actorUserId ?? null,
    subjectUserId: entry.subjectUserId ?? entry.actorUserId ?? null,
    ip: entry.ip ?? null,
    details: entry.details ?? {},
  });
}
