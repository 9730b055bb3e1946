import { and, eq, inArray, sql } from 'drizzle-orm';
import type { ChangeAgencyStatusRequest } from '@portal/contract/agencies';
import type { Database } from '@server/db/client';
import { agencies, sessions, users } from '@server/db/schema';
import { AppError } from '@server/lib/errors';
import { recordAuditEvent } from '@server/modules/audit/audit-log';

export interface AgencyStatusChange {
  operatorId: string;
  ip: string | null;
  agencyId: string;
  change: ChangeAgencyStatusRequest;
}

/**
 * Disables or enables an agency with its audit event, in one transaction with the agency's row
 * locked (docs/decisions/022). A buy takes the same row `for share` while it is made, so a buy
 * either committed before the disabling (and keeps its deposit account) or sees the agency
 * disabled. Disabling ends its agency users' sessions at once (every request of a session checks
 * the agency too). The status it already has changes and records nothing.
 */
export async function changeAgencyStatus(
  db: Database,
  { operatorId, ip, agencyId, change }: AgencyStatusChange,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ code: agencies.code, status: agencies.status, disabledAt: agencies.disabledAt })
      .from(agencies)
      .where(eq(agencies.id, agencyId))
      .for('update');
    if (!before) throw new AppError('NOT_FOUND', 'This agency does not exist.');
    if (before.status === change.status) return;
    const [after] = await tx
      .update(agencies)
      .set({
        status: change.status,
        disabledAt: change.status === 'disabled' ? sql`now()` : null,
      })
      .where(eq(agencies.id, agencyId))
      .returning({ disabledAt: agencies.disabledAt });
    const ended =
      change.status === 'disabled'
        ? await tx
            .delete(sessions)
            .where(
              inArray(
                sessions.userId,
                tx
                  .select({ id: users.id })
                  .from(users)
                  .where(and(eq(users.agencyId, agencyId), eq(users.role, 'agency'))),
              ),
            )
            .returning({ id: sessions.id })
        : [];
    await recordAuditEvent(tx, {
      action: change.status === 'disabled' ? 'agency_disabled' : 'agency_enabled',
      actorUserId: operatorId,
      ip,
      object: { type: 'agency', id: before.code },
      details: {
        agencyId,
        code: before.code,
        before: { status: before.status, disabledAt: before.disabledAt?.toISOString() ?? null },
        after: { status: change.status, disabledAt: after?.disabledAt?.toISOString() ?? null },
        ...(change.status === 'disabled' ? { reason: change.reason } : {}),
        sessionsEnded: ended.length,
      },
    });
  });
}
