import { compareAmounts } from '@portal/contract/money';
import { rateChangeNeedsConfirmation, rateChangePercent } from '@portal/contract/rates';
import type { Rate } from '@portal/contract/transactions';
import { desc, eq, sql } from 'drizzle-orm';
import type { Database } from '@server/db/client';
import { rates, users } from '@server/db/schema';
import { AppError } from '@server/lib/errors';
import {
  approvalDetails,
  recordAuditEvent,
  type ApprovalRecord,
} from '@server/modules/audit/audit-log';

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

export interface NewRates {
  asset: string;
  buyRateKrw: string;
  sellRateKrw: string;
  /** The operator saw old -> new of a change beyond the deviation and confirmed it. */
  confirmDeviation?: boolean | undefined;
  setBy: string;
  ip: string | null;
  /** Set on a second operator's approval (docs/decisions/017). */
  approval?: ApprovalRecord;
}

/**
 * Whether new rates wait for a second operator (docs/decisions/017): beyond the deviation and
 * confirmed. Refuses at once what setRate would refuse (sell above buy, an unconfirmed deviation).
 */
export async function rateChangeWaits(
  db: Database,
  input: Pick<NewRates, 'asset' | 'buyRateKrw' | 'sellRateKrw' | 'confirmDeviation'>,
): Promise<RateRow | null> {
  if (compareAmounts(input.sellRateKrw, input.buyRateKrw) > 0) {
    throw new AppError('RATE_SELL_ABOVE_BUY', undefined, {
      fields: { sellRateKrw: 'rateSellAboveBuy' },
    });
  }
  const current = await currentRate(db, input.asset);
  if (
    !current ||
    !(
      rateChangeNeedsConfirmation(current.buyRateKrw, input.buyRateKrw) ||
      rateChangeNeedsConfirmation(current.sellRateKrw, input.sellRateKrw)
    )
  ) {
    return null;
  }
  if (!input.confirmDeviation) throw new AppError('RATE_CHANGE_NOT_CONFIRMED');
  return current;
}

/**
 * Sets an asset's new rates with the guard rails of docs/decisions/023: the sell rate is never
 * above the buy rate, and a change of either beyond RATE_DEVIATION_CONFIRM_PERCENT needs the
 * operator's confirmation. The row keeps the rates it replaced, and the audit trail records the
 * change, in one transaction. Changes of one asset take turns (an advisory lock), so each row's
 * "from" is the rate that was current when it was saved.
 */
export async function setRate(db: Database, input: NewRates): Promise<RateRow> {
  if (compareAmounts(input.sellRateKrw, input.buyRateKrw) > 0) {
    throw new AppError('RATE_SELL_ABOVE_BUY', undefined, {
      fields: { sellRateKrw: 'rateSellAboveBuy' },
    });
  }
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`rates:${input.asset}`}, 0))`,
    );
    const current = await currentRate(tx, input.asset);
    if (
      current &&
      !input.confirmDeviation &&
      (rateChangeNeedsConfirmation(current.buyRateKrw, input.buyRateKrw) ||
        rateChangeNeedsConfirmation(current.sellRateKrw, input.sellRateKrw))
    ) {
      throw new AppError('RATE_CHANGE_NOT_CONFIRMED');
    }
    const [row] = await tx
      .insert(rates)
      .values({
        asset: input.asset,
        buyRateKrw: input.buyRateKrw,
        sellRateKrw: input.sellRateKrw,
        setBy: input.setBy,
        previousBuyRateKrw: current?.buyRateKrw ?? null,
        previousSellRateKrw: current?.sellRateKrw ?? null,
      })
      .returning();
    if (!row) throw new Error('The rate row was not inserted.');
    await recordAuditEvent(tx, {
      action: 'rate_changed',
      actorUserId: input.setBy,
      ip: input.ip,
      object: { type: 'rate', id: row.asset },
      details: {
        before: current
          ? { buyRateKrw: current.buyRateKrw, sellRateKrw: current.sellRateKrw }
          : null,
        after: { buyRateKrw: row.buyRateKrw, sellRateKrw: row.sellRateKrw },
        ...(current
          ? {
              buyChangePercent: rateChangePercent(current.buyRateKrw, row.buyRateKrw),
              sellChangePercent: rateChangePercent(current.sellRateKrw, row.sellRateKrw),
            }
          : {}),
        ...(input.confirmDeviation ? { deviationConfirmed: true } : {}),
        ...approvalDetails(input.approval),
      },
    });
    return row;
  });
}

function toRate(row: RateRow & { setByName: string | null }): Rate {
  return {
    id: row.id,
    asset: row.asset,
    buyRateKrw: row.buyRateKrw,
    sellRateKrw: row.sellRateKrw,
    setAt: row.setAt.toISOString(),
    setBy: row.setByName,
    previousBuyRateKrw: row.previousBuyRateKrw,
    previousSellRateKrw: row.previousSellRateKrw,
  };
}

const rateColumns = {
  id: rates.id,
  asset: rates.asset,
  buyRateKrw: rates.buyRateKrw,
  sellRateKrw: rates.sellRateKrw,
  setAt: rates.setAt,
  setBy: rates.setBy,
  previousBuyRateKrw: rates.previousBuyRateKrw,
  previousSellRateKrw: rates.previousSellRateKrw,
  setByName: users.name,
};

/** Current rate per asset, and the most recent history (newest first). */
export async function listRates(db: Database, historyLimit = 100) {
  const history = await db
    .select(rateColumns)
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
        .select(rateColumns)
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
