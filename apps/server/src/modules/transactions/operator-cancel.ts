import { eq } from 'drizzle-orm';
import type { Database } from '@server/db/client';
import { transactions } from '@server/db/schema';
import { AppError } from '@server/lib/errors';
import {
  approvalDetails,
  recordAuditEvent,
  type ApprovalRecord,
} from '@server/modules/audit/audit-log';
import { applyMove } from './moves';

/**
 * The operator cancels a Requested or Pending request with a reason, with its audit event, in the
 * caller's transaction or its own. The move follows the status: a Requested request is stopped
 * before anything happened, a Pending one is undone (a Pending sell gives its debited asset back).
 * A buy's cancel is carried out on a second operator's approval (docs/decisions/017).
 */
export async function cancelByOperator(
  db: Database,
  transactionId: string,
  reason: string,
  operator: { userId: string; ip: string | null; approval?: ApprovalRecord },
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(transactions).where(eq(transactions.id, transactionId));
    if (!row) throw new AppError('NOT_FOUND', 'This transaction does not exist.');
    const move =
      row.status === 'Requested'
        ? ('operator_cancel_request' as const)
        : row.type === 'sell'
          ? ('operator_cancel_sell' as const)
          : ('operator_cancel_buy' as const);
    const moved = await applyMove(
      tx,
      row.id,
      { move, reason },
      { kind: 'operator', userId: operator.userId },
    );
    await recordAuditEvent(tx, {
      action: 'transaction_cancelled_by_operator',
      actorUserId: operator.userId,
      subjectUserId: moved.userId,
      ip: operator.ip,
      object: { type: 'transaction', id: moved.number },
      details: {
        transaction: moved.number,
        before: { status: row.status },
        after: { status: moved.status },
        reason,
        ...approvalDetails(operator.approval),
      },
    });
  });
}
