import type { OperatorVolume, VolumeGrouping } from '@portal/contract/operator-workbench';
import { koreaDay, koreaDayStart } from '@portal/contract/korea-time';
import { sql } from 'drizzle-orm';
import type { Database } from '@server/db/client';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The series of the requests made by clients of no agency (the portal's own users). */
export const DIRECT_SERIES = 'direct';

/**
 * Won of completed requests per Korea day and per agency (the client's agency when it was
 * made, `client_agency_id`) or per merchant, for the last `days` Korea days, today included
 * (docs/decisions/021 "The volume chart"). Every series has a value in every day, so a chart
 * and its table read the same rows.
 */
export async function operatorVolume(
  db: Database,
  by: VolumeGrouping,
  days: number,
  now = new Date(),
): Promise<OperatorVolume> {
  const to = koreaDay(now);
  const from = koreaDay(new Date(koreaDayStart(to).getTime() - (days - 1) * DAY_MS));
  const start = koreaDayStart(from).toISOString();
  const [columns, source] =
    by === 'agency'
      ? [
          sql`coalesce(t.client_agency_id::text, ${DIRECT_SERIES}) as key, a.name as name`,
          sql`transactions t left join agencies a on a.id = t.client_agency_id`,
        ]
      : [
          sql`t.merchant_id::text as key, m.name as name`,
          sql`transactions t join merchants m on m.id = t.merchant_id`,
        ];
  const result = await db.execute<{ day: string; key: string; name: string | null; krw: string }>(
    sql`select to_char(t.completed_at at time zone 'Asia/Seoul', 'YYYY-MM-DD') as day, ${columns},
               sum(t.total_krw)::text as krw
          from ${source}
         where t.status = 'Completed' and t.completed_at >= ${start}::timestamptz
         group by 1, 2, 3`,
  );
  const names = new Map<string, string | null>();
  for (const row of result.rows) names.set(row.key, row.name);
  const series = [...names].map(([key, name]) => ({ key, name }));
  // The largest first, so the chart's legend and the table start with what matters most.
  const totals = new Map<string, number>();
  for (const row of result.rows) totals.set(row.key, (totals.get(row.key) ?? 0) + Number(row.krw));
  series.sort(
    (a, b) => (totals.get(b.key) ?? 0) - (totals.get(a.key) ?? 0) || a.key.localeCompare(b.key),
  );
  const dayList: string[] = [];
  for (let index = 0; index < days; index += 1) {
    dayList.push(koreaDay(new Date(koreaDayStart(from).getTime() + index * DAY_MS)));
  }
  const byDay = new Map(
    dayList.map((day) => [day, Object.fromEntries(series.map((s) => [s.key, '0']))]),
  );
  for (const row of result.rows) {
    const values = byDay.get(row.day);
    if (values) values[row.key] = row.krw;
  }
  return {
    by,
    from,
    to,
    series,
    days: dayList.map((day) => ({ day, krw: byDay.get(day)! })),
  };
}
