import type { Rate } from '@portal/contract/transactions';
import { desc, eq, sql } from 'drizzle-orm';
import type { Database } from '@server/db/client';
import { rates, users } from '@server/db/schema';

export type RateRow = typeof rates.$inferSelect;

/** The newest rate of an asset: the current one. */
export async function currentRate(db: Database, asset: string): Promise<RateRow | undefined> {
  const [row] = await db
    .select()
    .from(rates)
    .where(eq(rates.asset, asset))
    .orderBy(desc(rates.setAt), desc(rates.id))
    .limit(1);
  return row;
}

export async function findRate(db: Database, id: string): Promise<RateRow | undefined> {
  const [row] = await db.select().from(rates).where(eq(rates.id, id));
  return row;
}

export async function setRate(
  db: Database,
  input: { asset: string; buyRateKrw: string; sellRateKrw: string; setBy: string | null },
): Promise<RateRow> {
  const [row] = await db.insert(rates).values(input).returning();
  return row!;
}

function toRate(row: RateRow & { setByName: string | null }): Rate {
  return {
    id: row.id,
    asset: row.asset,
    buyRateKrw: row.buyRateKrw,
    sellRateKrw: row.sellRateKrw,
    setAt: row.setAt.toISOString(),
    setBy: row.setByName,
  };
}

/** Current rate per asset, and the most recent history (newest first). */
export async function listRates(db: Database, historyLimit = 100) {
  const history = await db
    .select({
      id: rates.id,
      asset: rates.asset,
      buyRateKrw: rates.buyRateKrw,
      sellRateKrw: rates.sellRateKrw,
      setAt: rates.setAt,
      setBy: rates.setBy,
      setByName: users.name,
    })
    .from(rates)
    .leftJoin(users, eq(users.id, rates.setBy))
    .orderBy(desc(rates.setAt), desc(rates.id))
    .limit(historyLimit);
  const currentRows = await db.execute<{ id: string }>(
    sql`select distinct on (asset) id from rates order by asset, set_at desc, id desc`,
  );
  const currentIds = new Set(currentRows.rows.map((row) => row.id));
  const current = await Promise.all(
    [...currentIds].map(async (id) => {
      const inHistory = history.find((row) => row.id === id);
      if (inHistory) return inHistory;
      const [row] = await db
        .select({
          id: rates.id,
          asset: rates.asset,
          buyRateKrw: rates.buyRateKrw,
          sellRateKrw: rates.sellRateKrw,
          setAt: rates.setAt,
          setBy: rates.setBy,
          setByName: users.name,
        })
        .from(rates)
        .leftJoin(users, eq(users.id, rates.setBy))
        .where(eq(rates.id, id));
      return row!;
    }),
  );
  return {
    current: current.map(toRate).sort((a, b) => a.asset.localeCompare(b.asset)),
    history: history.map(toRate),
  };
}

export { toRate };
