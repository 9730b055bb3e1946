import type { OperatorFigures } from '@portal/contract/operator-workbench';
import { koreaDay, koreaDayStart } from '@portal/contract/korea-time';
import { sql } from 'drizzle-orm';
import { countPendingApprovals } from '@server/modules/approvals/repository';
import type { Database } from '@server/db/client';
import { deposits, transactions } from '@server/db/schema';

/**
 * Today's figures for the operator's dashboard (docs/decisions/021), in Korea's day: requests
 * made since 00:00 KST that were not cancelled (count and won, per side), won of requests
 * completed today, deposits received today, and what waits now. One statement, so the figures
 * are of one instant.
 */
export async function operatorFigures(db: Database, now = new Date()): Promise<OperatorFigures> {
  const day = koreaDay(now);
  const start = koreaDayStart(day).toISOString();
  const result = await db.execute<{
    buys: string;
    buys_krw: string;
    sells: string;
    sells_krw: string;
    completed_krw: string;
    deposits: string;
    deposits_krw: string;
    in_review: string;
    payouts_waiting: string;
    buys_waiting: string;
  }>(sql`
    select
      count(*) filter (where t.type = 'buy' and t.status <> 'Cancelled' and t.created_at >= ${start}::timestamptz) as buys,
      coalesce(sum(t.total_krw) filter (where t.type = 'buy' and t.status <> 'Cancelled' and t.created_at >= ${start}::timestamptz), 0)::text as buys_krw,
      count(*) filter (where t.type = 'sell' and t.status <> 'Cancelled' and t.created_at >= ${start}::timestamptz) as sells,
      coalesce(sum(t.total_krw) filter (where t.type = 'sell' and t.status <> 'Cancelled' and t.created_at >= ${start}::timestamptz), 0)::text as sells_krw,
      coalesce(sum(t.total_krw) filter (where t.status = 'Completed' and t.completed_at >= ${start}::timestamptz), 0)::text as completed_krw,
      count(*) filter (where t.type = 'sell' and t.status in ('Requested', 'Pending')) as payouts_waiting,
      count(*) filter (where t.type = 'buy' and t.status = 'Pending') as buys_waiting,
      (select count(*) from ${deposits} d where d.received_at >= ${start}::timestamptz) as deposits,
      (select coalesce(sum(d.amount_krw), 0)::text from ${deposits} d where d.received_at >= ${start}::timestamptz) as deposits_krw,
      (select count(*) from ${deposits} d where d.status = 'review') as in_review
    from ${transactions} t
    where t.created_at >= ${start}::timestamptz
       or t.completed_at >= ${start}::timestamptz
       or t.status in ('Requested', 'Pending')
  `);
  const row = result.rows[0]!;
  return {
    day,
    buys: { count: Number(row.buys), totalKrw: row.buys_krw },
    sells: { count: Number(row.sells), totalKrw: row.sells_krw },
    completedKrw: row.completed_krw,
    depositsReceived: { count: Number(row.deposits), totalKrw: row.deposits_krw },
    depositsInReview: Number(row.in_review),
    payoutsWaiting: Number(row.payouts_waiting),
    buysWaiting: Number(row.buys_waiting),
    approvalsWaiting: await countPendingApprovals(db),
  };
}
