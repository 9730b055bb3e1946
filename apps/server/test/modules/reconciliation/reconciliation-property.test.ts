import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { koreaDay } from '@portal/contract/korea-time';
import type { ReconciliationResponse } from '@portal/contract/reconciliation';
import { deposits } from '@server/db/schema';
import type { App } from '@server/lib/zod-routes';
import { reconciliation } from '@server/modules/reconciliation/repository';
import { buildTestApp } from '@test/helpers';

/**
 * A property of the report (docs/decisions/018): for any deposits on an account, in any of the
 * states that need no buy, at any instant (midnights in Korea included), each day's figures are
 * exactly what grouping them by their Korea day gives. Settled deposits need a paid buy and are
 * covered by the month of real data in reconciliation.test.ts.
 */
let app: App;
beforeAll(async () => {
  app = await buildTestApp({ logLevel: 'error' });
  await app.ready();
});
afterAll(() => app.close());

const STATES = ['review', 'refund_due', 'refunded', 'written_off'] as const;
const FIGURE = {
  review: 'inReview',
  refund_due: 'refundDue',
  refunded: 'refunded',
  written_off: 'writtenOff',
} as const;
/** 2019-03-01 00:00 KST: a week nobody else's deposits are received in. */
const WEEK_START = Date.parse('2019-03-01T00:00:00+09:00');
const HOUR = 3600_000;

const depositArbitrary = fc.record({
  state: fc.constantFrom(...STATES),
  won: fc.bigInt({ min: 1n, max: 50_000_000_000n }),
  // Whole hours and the seconds around Korea's midnights, over seven days.
  at: fc.oneof(
    fc.integer({ min: 0, max: 7 * 24 - 1 }).map((hour) => WEEK_START + hour * HOUR),
    fc
      .tuple(fc.integer({ min: 1, max: 6 }), fc.constantFrom(-1000, 0, 999))
      .map(([day, offset]) => WEEK_START + day * 24 * HOUR + offset),
  ),
  dashed: fc.boolean(),
});

describe('reconciliation property', () => {
  it('each day of an account is the sum of its deposits by Korea day', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(depositArbitrary, { minLength: 1, maxLength: 25 }),
        async (made) => {
          const digits = `8${String(randomBytes(5).readUIntBE(0, 5)).padStart(13, '0')}`;
          await app.db.insert(deposits).values(
            made.map((one) => ({
              bankReference: `PROP-${randomBytes(8).toString('hex')}`,
              depositorName: '속성',
              amountKrw: one.won.toString(),
              receivedAt: new Date(one.at),
              receivingAccount: one.dashed ? `${digits.slice(0, 4)}-${digits.slice(4)}` : digits,
              source: 'manual' as const,
              status: one.state,
              reviewReason: one.state === 'review' ? ('name_differs' as const) : null,
              refundReason:
                one.state === 'refund_due' || one.state === 'refunded'
                  ? ('no_request' as const)
                  : null,
              refundBankReference: one.state === 'refunded' ? 'RF-1' : null,
              refundedAt: one.state === 'refunded' ? new Date(WEEK_START) : null,
              writeOffReason: one.state === 'written_off' ? 'Unreachable.' : null,
            })),
          );
          const report: ReconciliationResponse = await reconciliation(
            app.db,
            '2019-03-01',
            '2019-03-07',
          );
          const rows = report.accounts.filter(
            (row) => (row.account.accountNumber ?? '').replace(/\D/g, '') === digits,
          );
          const expected = new Map<string, Record<string, { count: number; krw: bigint }>>();
          for (const one of made) {
            const day = koreaDay(new Date(one.at));
            const figures = expected.get(day) ?? {};
            for (const figure of ['received', FIGURE[one.state]]) {
              const sum = figures[figure] ?? { count: 0, krw: 0n };
              figures[figure] = { count: sum.count + 1, krw: sum.krw + one.won };
            }
            expected.set(day, figures);
          }
          expect(rows.map((row) => row.day)).toEqual([...expected.keys()].sort());
          for (const row of rows) {
            const figures = expected.get(row.day)!;
            for (const [figure, value] of Object.entries(row.figures)) {
              const want = figures[figure] ?? { count: 0, krw: 0n };
              expect(value, `${row.day} ${figure}`).toEqual({
                count: want.count,
                krw: want.krw.toString(),
              });
            }
          }
        },
      ),
      { numRuns: 25 },
    );
  });
});
