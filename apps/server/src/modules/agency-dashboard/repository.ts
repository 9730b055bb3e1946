import { and, count, eq, gte, sql, type AnyColumn } from 'drizzle-orm';
import {
  AGENCY_DASHBOARD_MONTHS,
  type AgencyDashboard,
  type AgencyDashboardMonth,
} from '@portal/contract/agency-dashboard';
import { KYC_DOCUMENT_KINDS } from '@portal/contract/kyc';
import { koreaDay, koreaDayStart } from '@portal/contract/korea-time';
import { TRANSACTION_STATUSES, type TransactionStatus } from '@portal/contract/transactions';
import type { Database } from '@server/db/client';
import { kycDocuments, transactions, users } from '@server/db/schema';

/** The months of the dashboard in Korea, oldest first: ['2025-12', …, '2026-11']. */
export function dashboardMonths(now: Date): string[] {
  const [year, month] = koreaDay(now).split('-').map(Number) as [number, number];
  return Array.from({ length: AGENCY_DASHBOARD_MONTHS }, (_, index) => {
    const back = AGENCY_DASHBOARD_MONTHS - 1 - index;
    const total = year * 12 + (month - 1) - back;
    return `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}`;
  });
}

/** The outer user row, qualified: Drizzle leaves single-table columns unqualified. */
const outerUserId = sql.raw('"users"."id"');

const koreaMonth = (column: AnyColumn) =>
  sql<string>`to_char(${column} at time zone 'Asia/Seoul', 'YYYY-MM')`;

/**
 * The agency's own figures. Its clients are the users of role client registered under it; their
 * transactions are found by `client_agency_id` (kept by triggers, migration 0007), the same rows
 * Client Transactions lists.
 */
export async function agencyDashboard(
  db: Database,
  agencyId: string,
  now = new Date(),
): Promise<AgencyDashboard> {
  const months = dashboardMonths(now);
  const since = koreaDayStart(`${months[0]}-01`);
  const ofAgency = eq(transactions.clientAgencyId, agencyId);

  const [clients] = await db
    .select({
      clients: count(),
      verified: sql<string>`count(*) filter (where (
        select count(*) from ${kycDocuments}
         where ${kycDocuments.userId} = ${outerUserId} and ${kycDocuments.status} = 'approved'
      ) >= ${KYC_DOCUMENT_KINDS.length})`,
    })
    .from(users)
    .where(and(eq(users.agencyId, agencyId), eq(users.role, 'client')));

  const [total] = await db
    .select({ krw: sql<string>`coalesce(sum(${transactions.totalKrw}), 0)::text` })
    .from(transactions)
    .where(and(ofAgency, eq(transactions.status, 'Completed')));

  const requestedMonth = koreaMonth(transactions.createdAt);
  const counted = await db
    .select({ month: requestedMonth, status: transactions.status, n: count() })
    .from(transactions)
    .where(and(ofAgency, gte(transactions.createdAt, since)))
    .groupBy(requestedMonth, transactions.status);

  const completedMonth = koreaMonth(transactions.completedAt);
  const completed = await db
    .select({
      month: completedMonth,
      krw: sql<string>`coalesce(sum(${transactions.totalKrw}), 0)::text`,
    })
    .from(transactions)
    .where(
      and(ofAgency, eq(transactions.status, 'Completed'), gte(transactions.completedAt, since)),
    )
    .groupBy(completedMonth);

  const byMonth = new Map<string, AgencyDashboardMonth>(
    months.map((month) => [
      month,
      {
        month,
        counts: Object.fromEntries(TRANSACTION_STATUSES.map((status) => [status, 0])) as Record<
          TransactionStatus,
          number
        >,
        completedKrw: '0',
      },
    ]),
  );
  for (const row of counted) {
    const entry = byMonth.get(row.month);
    if (entry) entry.counts[row.status] = Number(row.n);
  }
  for (const row of completed) {
    const entry = byMonth.get(row.month);
    if (entry) entry.completedKrw = row.krw;
  }
  return {
    clients: Number(clients?.clients ?? 0),
    verifiedClients: Number(clients?.verified ?? 0),
    completedKrw: total?.krw ?? '0',
    months: [...byMonth.values()],
  };
}
