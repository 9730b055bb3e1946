import { and, desc, eq, gte, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { AuditAction, AuditEvent } from '@portal/contract/audit';
import type { Database } from '@server/db/client';
import { auditEvents, users } from '@server/db/schema';
import { alias } from 'drizzle-orm/pg-core';

const actors = alias(users, 'actors');
const subjects = alias(users, 'subjects');

export interface AuditFilter {
  action?: AuditAction;
  /** Who acted or whom the event is about: every one of these users (one, or none to match all). */
  userIds: string[];
  /** Inclusive lower bound. */
  from?: Date;
  /** Upper bound; exclusive when `toExclusive`. */
  to?: Date;
  toExclusive?: boolean;
}

/** The id of the user whose email this is now (emails are kept in lower case), or null. */
export async function findUserIdByEmail(db: Database, email: string): Promise<string | null> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row?.id ?? null;
}

/** Where the previous page ended: the last event's time (to the microsecond) and id. */
export interface AuditPosition {
  occurredAt: string;
  id: string;
}

/**
 * One page of events, newest first, after `position`. Paging by position rather than offset
 * keeps pages stable while new events arrive. Returns one more row than asked for when there is
 * more, so the caller knows whether a next page exists.
 */
export async function listAuditEvents(
  db: Database,
  filter: AuditFilter,
  limit: number,
  position?: AuditPosition,
): Promise<Array<AuditEvent & { position: AuditPosition }>> {
  const conditions: SQL[] = [];
  if (filter.action) conditions.push(eq(auditEvents.action, filter.action));
  for (const userId of filter.userIds) {
    const either = or(eq(auditEvents.actorUserId, userId), eq(auditEvents.subjectUserId, userId));
    if (either) conditions.push(either);
  }
  if (filter.from) conditions.push(gte(auditEvents.occurredAt, filter.from));
  if (filter.to) {
    conditions.push(
      filter.toExclusive
        ? lt(auditEvents.occurredAt, filter.to)
        : lte(auditEvents.occurredAt, filter.to),
    );
  }
  if (position) {
    conditions.push(
      sql`(${auditEvents.occurredAt}, ${auditEvents.id}) < (${position.occurredAt}::timestamptz, ${position.id}::uuid)`,
    );
  }
  const rows = await db
    .select({
      id: auditEvents.id,
      occurredAt: auditEvents.occurredAt,
      exactTime: sql<string>`to_char(${auditEvents.occurredAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
      action: auditEvents.action,
      actorUserId: auditEvents.actorUserId,
      subjectUserId: auditEvents.subjectUserId,
      actorEmail: actors.email,
      subjectEmail: subjects.email,
      ip: auditEvents.ip,
      details: auditEvents.details,
    })
    .from(auditEvents)
    .leftJoin(actors, eq(actors.id, auditEvents.actorUserId))
    .leftJoin(subjects, eq(subjects.id, auditEvents.subjectUserId))
    .where(and(...conditions))
    .orderBy(desc(auditEvents.occurredAt), desc(auditEvents.id))
    .limit(limit + 1);
  return rows.map(({ exactTime, occurredAt, details, ...event }) => ({
    ...event,
    occurredAt: occurredAt.toISOString(),
    details: isRecord(details) ? details : {},
    position: { occurredAt: exactTime, id: event.id },
  }));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
