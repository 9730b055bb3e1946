import { and, desc, eq, gte, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type {
  AuditAction,
  AuditEmailRole,
  AuditEvent,
  AuditObjectType,
} from '@portal/contract/audit';
import type { Database } from '@server/db/client';
import { auditEvents, users } from '@server/db/schema';
import { alias } from 'drizzle-orm/pg-core';

const actors = alias(users, 'actors');
const subjects = alias(users, 'subjects');

export interface AuditFilter {
  action?: AuditAction;
  /** Users the event must name: as who acted, as whom it is about, or as either. */
  users: Array<{ id: string; as: AuditEmailRole }>;
  /** What the event is about besides a user; its reference compared in any case. */
  objectType?: AuditObjectType;
  objectId?: string;
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
function filterConditions(filter: AuditFilter): SQL[] {
  const conditions: SQL[] = [];
  if (filter.action) conditions.push(eq(auditEvents.action, filter.action));
  for (const user of filter.users) {
    const matches =
      user.as === 'actor'
        ? eq(auditEvents.actorUserId, user.id)
        : user.as === 'subject'
          ? eq(auditEvents.subjectUserId, user.id)
          : or(eq(auditEvents.actorUserId, user.id), eq(auditEvents.subjectUserId, user.id));
    if (matches) conditions.push(matches);
  }
  if (filter.objectType) conditions.push(eq(auditEvents.objectType, filter.objectType));
  if (filter.objectId) {
    conditions.push(sql`lower(${auditEvents.objectId}) = lower(${filter.objectId})`);
  }
  if (filter.from) conditions.push(gte(auditEvents.occurredAt, filter.from));
  if (filter.to) {
    conditions.push(
      filter.toExclusive
        ? lt(auditEvents.occurredAt, filter.to)
        : lte(auditEvents.occurredAt, filter.to),
    );
  }
  return conditions;
}

export async function listAuditEvents(
  db: Database,
  filter: AuditFilter,
  limit: number,
  position?: AuditPosition,
): Promise<Array<AuditEvent & { position: AuditPosition }>> {
  const conditions = filterConditions(filter);
  if (position) {
    conditions.push(
      sql`(${auditEvents.occurredAt}, ${auditEvents.id}) < (${position.occurredAt}::timestamptz, ${position.id}::uuid)`,
    );
  }
  const rows = await selectEvents(db)
    .where(and(...conditions))
    .orderBy(desc(auditEvents.occurredAt), desc(auditEvents.id))
    .limit(limit + 1);
  return rows.map(toEvent);
}

/** The events of an export, newest first, a batch at a time by position. */
export async function* auditEventBatches(
  db: Database,
  filter: AuditFilter,
  batchSize = 1000,
): AsyncGenerator<AuditEvent[]> {
  let position: AuditPosition | undefined;
  for (;;) {
    const page = await listAuditEvents(db, filter, batchSize, position);
    const batch = page.slice(0, batchSize);
    if (batch.length > 0) yield batch.map(({ position: _position, ...event }) => event);
    if (page.length <= batchSize) return;
    position = batch.at(-1)!.position;
  }
}

function selectEvents(db: Database) {
  return db
    .select({
      id: auditEvents.id,
      seq: auditEvents.seq,
      occurredAt: auditEvents.occurredAt,
      exactTime: sql<string>`to_char(${auditEvents.occurredAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
      action: auditEvents.action,
      actorUserId: auditEvents.actorUserId,
      subjectUserId: auditEvents.subjectUserId,
      actorEmail: actors.email,
      subjectEmail: subjects.email,
      ip: auditEvents.ip,
      objectType: auditEvents.objectType,
      objectId: auditEvents.objectId,
      details: auditEvents.details,
      hash: auditEvents.hash,
    })
    .from(auditEvents)
    .leftJoin(actors, eq(actors.id, auditEvents.actorUserId))
    .leftJoin(subjects, eq(subjects.id, auditEvents.subjectUserId));
}

type SelectedEvent = Awaited<ReturnType<ReturnType<typeof selectEvents>['execute']>>[number];

function toEvent({
  exactTime,
  occurredAt,
  details,
  ...event
}: SelectedEvent): AuditEvent & { position: AuditPosition } {
  return {
    ...event,
    occurredAt: occurredAt.toISOString(),
    details: isRecord(details) ? details : {},
    position: { occurredAt: exactTime, id: event.id },
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
