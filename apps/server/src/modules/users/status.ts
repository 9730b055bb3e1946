import { eq, sql } from 'drizzle-orm';
import type { UserStatus } from '@portal/contract/users';
import type { Database } from '@server/db/client';
import { sessions, users } from '@server/db/schema';
import { AppError } from '@server/lib/errors';
import { recordAuditEvent } from '@server/modules/audit/audit-log';

export interface StatusChange {
  /** The operator making the change. */
  actorId: string;
  userId: string;
  status: UserStatus;
  ip: string;
}

/**
 * Enables or disables a user, with its audit event, in one transaction (the user's row locked).
 * Disabling ends every session of the user at once (sign-in already refuses disabled users, and
 * so does every request of a session). Nobody changes their own status, so an operator can never
 * lock themself out; a user already in the status changes nothing and records nothing.
 */
export async function changeUserStatus(db: Database, change: StatusChange): Promise<void> {
  await db.transaction(async (tx) => {
    const [user] = await tx
      .select({ status: users.status })
      .from(users)
      .where(eq(users.id, change.userId))
      .for('update');
    if (!user) throw new AppError('NOT_FOUND', 'This user does not exist.');
    if (user.status === change.status) return;
    if (change.userId === change.actorId) {
      throw new AppError('FORBIDDEN', 'You cannot change your own status.');
    }
    await tx
      .update(users)
      .set({ status: change.status, updatedAt: sql`now()` })
      .where(eq(users.id, change.userId));
    const ended =
      change.status === 'disabled'
        ? await tx
            .delete(sessions)
            .where(eq(sessions.userId, change.userId))
            .returning({ id: sessions.id })
        : [];
    await recordAuditEvent(tx, {
      action: 'status_changed',
      actorUserId: change.actorId,
      subjectUserId: change.userId,
      ip: change.ip,
      details: { from: user.status, to: change.status, sessionsEnded: ended.length },
    });
  });
}
