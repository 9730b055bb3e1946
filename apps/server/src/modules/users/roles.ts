import { eq, sql } from 'drizzle-orm';
import type { UserRole } from '@portal/contract/users';
import type { Database } from '@server/db/client';
import { users } from '@server/db/schema';
import { AppError } from '@server/lib/errors';
import {
  approvalDetails,
  recordAuditEvent,
  type ApprovalRecord,
} from '@server/modules/audit/audit-log';

export interface RoleChange {
  /** The operator making the change. */
  actorId: string;
  userId: string;
  role: UserRole;
  ip: string | null;
  /** Changed on a second operator's approval (docs/decisions/017). */
  approval?: ApprovalRecord;
}

/** Whose role would change, for an operator role to be asked (docs/decisions/017). */
export async function findUserForRole(db: Database, id: string) {
  const [row] = await db
    .select({ name: users.name, email: users.email, role: users.role })
    .from(users)
    .where(eq(users.id, id));
  return row;
}

/**
 * Gives a user another role, with its audit event, in one transaction (the user's row is locked,
 * so two operators cannot interleave). The rules:
 * - a user already in the role: nothing changes and nothing is recorded;
 * - nobody changes their own role, so an operator can never demote themself (and the portal
 *   keeps the operator who is acting);
 * - agency only for a user who belongs to an agency, whose agency they then act for.
 */
export async function changeUserRole(db: Database, change: RoleChange): Promise<void> {
  await db.transaction(async (tx) => {
    const [user] = await tx
      .select({ role: users.role, agencyId: users.agencyId })
      .from(users)
      .where(eq(users.id, change.userId))
      .for('update');
    if (!user) throw new AppError('NOT_FOUND', 'This user does not exist.');
    if (user.role === change.role) return;
    if (change.userId === change.actorId) {
      throw new AppError('FORBIDDEN', 'You cannot change your own role.');
    }
    if (change.role === 'agency' && user.agencyId === null) {
      throw new AppError(
        'CONFLICT',
        'Only a user registered under a partner agency can be given the agency role.',
        { fields: { role: 'invalid' } },
      );
    }
    await tx
      .update(users)
      .set({ role: change.role, updatedAt: sql`now()` })
      .where(eq(users.id, change.userId));
    await recordAuditEvent(tx, {
      action: 'role_changed',
      actorUserId: change.actorId,
      subjectUserId: change.userId,
      ip: change.ip,
      details: { from: user.role, to: change.role, ...approvalDetails(change.approval) },
    });
  });
}
