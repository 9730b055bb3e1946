import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Rate, RateList } from '@portal/contract/transactions';
import { auditEvents, rates } from '@server/db/schema';
import { BUY_RATE, SELL_RATE, moneyKit, type MoneyKit, type Person } from '../money/money-test-kit';

// Guard rails of the operator's rates (docs/decisions/023).
let kit: MoneyKit;
let operator: Person;
/** The second operator who approved the change beyond the deviation, and that approval. */
let checker: { id: string; name: string };
let approvalId: string;
beforeAll(async () => {
  kit = await moneyKit();
  operator = await kit.person({ role: 'operator' });
});
afterAll(() => kit.close());

const post = (body: Record<string, unknown>, person: Person = operator) =>
  person.browser.post('/api/operator/rates', { asset: kit.asset, ...body });

async function rowsOfAsset() {
  return kit.app.db
    .select()
    .from(rates)
    .where(eq(rates.asset, kit.asset))
    .orderBy(asc(rates.setAt));
}
async function eventsOfAsset() {
  return kit.app.db
    .select({
      actor: auditEvents.actorUserId,
      objectType: auditEvents.objectType,
      details: auditEvents.details,
    })
    .from(auditEvents)
    .where(and(eq(auditEvents.action, 'rate_changed'), eq(auditEvents.objectId, kit.asset)))
    .orderBy(asc(auditEvents.seq));
}

describe('rate guard rails', () => {
  it('refuses a sell rate above the buy rate, in both languages, and saves nothing', async () => {
    const refused = await post({ buyRateKrw: '1380', sellRateKrw: '1395' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      error: { code: 'RATE_SELL_ABOVE_BUY', fields: { sellRateKrw: 'rateSellAboveBuy' } },
    });
    expect(refused.json<{ error: { message: string } }>().error.message).toMatch(/sell rate/);
    expect(await rowsOfAsset()).toHaveLength(1);
    expect(await eventsOfAsset()).toHaveLength(0);
  });

  it('refuses a change beyond the deviation without a confirmation; with one, a second operator approves it', async () => {
    for (const body of [
      { buyRateKrw: '139250', sellRateKrw: SELL_RATE },
      { buyRateKrw: BUY_RATE, sellRateKrw: '0.50' },
    ]) {
      const refused = await post(body);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ error: { code: 'RATE_CHANGE_NOT_CONFIRMED' } });
    }
    expect(await rowsOfAsset()).toHaveLength(1);
    expect(await eventsOfAsset()).toHaveLength(0);

    const confirmed = await post({
      buyRateKrw: '1500',
      sellRateKrw: '1490',
      confirmDeviation: true,
    });
    // Confirmed, it waits for a second operator, and the rates in force stay (docs/decisions/017).
    expect(await rowsOfAsset()).toHaveLength(1);
    const approval = await kit.approve(confirmed);
    expect(approval.action).toEqual({
      kind: 'rate_change',
      asset: kit.asset,
      from: { buyRateKrw: BUY_RATE, sellRateKrw: SELL_RATE },
      to: { buyRateKrw: '1500', sellRateKrw: '1490' },
    });
    checker = approval.decidedBy!;
    approvalId = approval.id;
    const list = (await operator.browser.get('/api/operator/rates')).json<RateList>();
    expect(list.current.find((rate) => rate.asset === kit.asset)).toMatchObject({
      buyRateKrw: '1500.00',
      sellRateKrw: '1490.00',
      setBy: checker.name,
      previousBuyRateKrw: BUY_RATE,
      previousSellRateKrw: SELL_RATE,
    });
  });

  it('saves a change within the deviation without a question; history keeps who, when, from and to', async () => {
    const small = await post({ buyRateKrw: '1510', sellRateKrw: '1500' });
    expect(small.statusCode).toBe(201);
    // Equal rates are allowed: no spread, but nobody gains by buying and selling back.
    const equal = await post({ buyRateKrw: '1505', sellRateKrw: '1505' });
    expect(equal.statusCode).toBe(201);

    const list = (await operator.browser.get('/api/operator/rates')).json<RateList>();
    const history = list.history.filter((rate) => rate.asset === kit.asset);
    expect(history.slice(0, 3)).toMatchObject([
      { buyRateKrw: '1505.00', previousBuyRateKrw: '1510.00', previousSellRateKrw: '1500.00' },
      { buyRateKrw: '1510.00', previousBuyRateKrw: '1500.00', previousSellRateKrw: '1490.00' },
      { buyRateKrw: '1500.00', previousBuyRateKrw: BUY_RATE, setBy: checker.name },
    ]);
    expect(history.at(-1)).toMatchObject({ previousBuyRateKrw: null, setBy: null });
    expect(list.current.find((rate) => rate.asset === kit.asset)).toMatchObject({
      buyRateKrw: '1505.00',
      sellRateKrw: '1505.00',
    });
    for (const rate of history.slice(0, 3)) expect(Date.parse(rate.setAt)).not.toBeNaN();
  });

  it('records each saved change once in the audit trail, with who and before -> after', async () => {
    const events = await eventsOfAsset();
    expect(events).toHaveLength(3);
    expect(events[0]).toEqual({
      actor: checker.id,
      objectType: 'rate',
      details: {
        before: { buyRateKrw: BUY_RATE, sellRateKrw: SELL_RATE },
        after: { buyRateKrw: '1500.00', sellRateKrw: '1490.00' },
        buyChangePercent: '7.72',
        sellChangePercent: '7.89',
        deviationConfirmed: true,
        approval: {
          id: approvalId,
          requestedBy: { id: operator.id, name: operator.name },
          approvedBy: checker,
        },
      },
    });
    expect(events[1]).toMatchObject({
      actor: operator.id,
      details: {
        before: { buyRateKrw: '1500.00' },
        after: { buyRateKrw: '1510.00' },
        buyChangePercent: '0.67',
      },
    });
    expect(events[1]!.details).not.toHaveProperty('deviationConfirmed');
  });

  it('the first rates of an asset need no confirmation and have no "from"', async () => {
    const asset = `N${kit.asset.slice(1)}`;
    const first = await operator.browser.post('/api/operator/rates', {
      asset,
      buyRateKrw: '50000000',
      sellRateKrw: '49000000',
    });
    expect(first.statusCode).toBe(201);
    expect(first.json<Rate>()).toMatchObject({
      previousBuyRateKrw: null,
      previousSellRateKrw: null,
    });
  });
});
