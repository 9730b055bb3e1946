import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Quote, TransactionType } from '@portal/contract/transactions';
import { z } from 'zod';
import { AppError } from '@server/lib/errors';
import { trimDecimal } from '@portal/contract/decimal';
import type { RateRow } from './repository';

/**
 * Rate quotes: a signed token naming the rate row, the side and when it was issued. A request
 * made with the token gets that rate while it is still the asset's current one (a quote dies
 * with its rate: requests.ts answers QUOTE_RATE_CHANGED, docs/decisions/010), and is refused
 * once the token is older than the configured age. Stateless, so every instance accepts
 * every other's quotes; the key is its own, derived from the master key (`app.keyFor`).
 */
const payloadSchema = z.object({
  r: z.uuid(),
  s: z.enum(['buy', 'sell']),
  a: z.string(),
  t: z.number().int(),
});

export interface QuoteSigner {
  issue(rate: RateRow, side: TransactionType, now: Date): Quote;
  /** The rate id, asset and side the token quotes; throws QUOTE_INVALID or QUOTE_EXPIRED. */
  verify(token: string, now: Date): { rateId: string; side: TransactionType; asset: string };
}

export function quoteSigner(key: Buffer, maxAgeSeconds: number): QuoteSigner {
  const sign = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

  return {
    issue(rate, side, now) {
      const payload = Buffer.from(
        JSON.stringify({ r: rate.id, s: side, a: rate.asset, t: now.getTime() }),
      ).toString('base64url');
      return {
        token: `${payload}.${sign(payload)}`,
        side,
        asset: rate.asset,
        rateKrw: trimDecimal(side === 'buy' ? rate.buyRateKrw : rate.sellRateKrw),
        issuedAt: now.toISOString(),
        expiresAt: new Date(now.getTime() + maxAgeSeconds * 1000).toISOString(),
      };
    },
    verify(token, now) {
      const [payload, signature, extra] = token.split('.');
      if (!payload || !signature || extra !== undefined) throw new AppError('QUOTE_INVALID');
      const expected = Buffer.from(sign(payload));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
        throw new AppError('QUOTE_INVALID');
      }
      let parsed: z.infer<typeof payloadSchema>;
      try {
        parsed = payloadSchema.parse(
          JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')),
        );
      } catch {
        throw new AppError('QUOTE_INVALID');
      }
      const age = now.getTime() - parsed.t;
      // A little leeway for clocks of several instances; a quote from the future is not valid.
      if (age < -5_000) throw new AppError('QUOTE_INVALID');
      if (age > maxAgeSeconds * 1000) throw new AppError('QUOTE_EXPIRED');
      return { rateId: parsed.r, side: parsed.s, asset: parsed.a };
    },
  };
}
