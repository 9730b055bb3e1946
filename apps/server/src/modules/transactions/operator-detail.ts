import type { LinkedDeposit, OperatorTransactionDetail } from '@portal/contract/operator-workbench';
import { asc, eq, or, sql } from 'drizzle-orm';
import type { Database } from '@server/db/client';
import { approvalsFor } from '@server/modules/approvals/repository';
import { deposits, transactionEvents, transactions, users } from '@server/db/schema';
import { transactionDetail } from './repository';

/** How a deposit row concerns the transaction `id` (see LINKED_DEPOSIT_RELATIONS). */
function relationOf(
  row: { matchedTransactionId: string | null; refundTransactionId: string | null },
  id: string,
): LinkedDeposit['relation'] {
  if (row.matchedTransactionId === id) return 'settled';
  if (row.refundTransactionId === id) return 'refund';
  return 'review';
}

/**
 * Any user's transaction as the operator reads it (docs/decisions/021): the owner's detail, the
 * person who took each step of its history, its owner, and every deposit linked to it.
 */
export async function operatorTransactionDetail(
  db: Database,
  id: string,
): Promise<OperatorTransactionDetail | undefined> {
  const detail = await transactionDetail(db, id);
  if (!detail) return undefined;
  const [owner] = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(transactions)
    .innerJoin(users, eq(users.id, transactions.userId))
    .where(eq(transactions.id, id));
  // The same rows in the same order as the detail's events (by id), with who took each step.
  const actors = await db
    .select({ actorId: users.id, actorName: users.name })
    .from(transactionEvents)
    .leftJoin(users, eq(users.id, transactionEvents.actorUserId))
    .where(eq(transactionEvents.transactionId, id))
    .orderBy(asc(transactionEvents.id));
  const linked = await db
    .select()
    .from(deposits)
    .where(
      or(
        eq(deposits.matchedTransactionId, id),
        eq(deposits.refundTransactionId, id),
        sql`${deposits.relatedTransactionIds} @> ${JSON.stringify([id])}::jsonb`,
      ),
    )
    .orderBy(asc(deposits.receivedAt), asc(deposits.id));
  const approvals = await approvalsFor(db, { transactionId: id });
  return {
    ...detail,
    user: owner!,
    events: detail.events.map((event, index) => {
      const actor = actors[index];
      return {
        ...event,
        actor: actor?.actorId ? { id: actor.actorId, name: actor.actorName ?? '' } : null,
      };
    }),
    deposits: linked.map((row) => ({
      id: row.id,
      relation: relationOf(row, id),
      bankReference: row.bankReference,
      depositorName: row.depositorName,
      amountKrw: row.amountKrw,
      receivedAt: row.receivedAt.toISOString(),
      status: row.status,
    })),
    approvals,
  };
}
