import {
  quoteQuerySchema,
  quoteSchema,
  rateListResponseSchema,
  rateSchema,
  setRateRequestSchema,
} from '@portal/contract/transactions';
import { approvalRequestedSchema } from '@portal/contract/approvals';
import { AppError } from '@server/lib/errors';
import { requestRateChange } from '@server/modules/approvals/requests';
import type { RoutePlugin } from '@server/lib/zod-routes';
import { findMerchant } from '@server/modules/merchants/repository';
import { quoteSigner } from './quotes';
import { currentRate, listRates, rateChangeWaits, setRate, toRate } from './repository';

/**
 *   GET  /quotes?merchantId=&side=   a signed quote of the current rate (signed-in users)
 *   GET  /operator/rates             current rates per asset and the history
 *   POST /operator/rates             sets new buy and sell rates of an asset (guard rails:
 *                                    docs/decisions/023); beyond the deviation and confirmed,
 *                                    202 { approval } (docs/decisions/017)
 */
const rateRoutes: RoutePlugin = async (app) => {
  const { db } = app;
  const quotes = quoteSigner(app.keyFor('rate-quotes'), app.config.quoteMaxAgeSeconds);

  app.get(
    '/quotes',
    { schema: { querystring: quoteQuerySchema, response: { 200: quoteSchema } } },
    async (request) => {
      const merchant = await findMerchant(db, request.query.merchantId);
      if (!merchant || merchant.status !== 'active') throw new AppError('MERCHANT_NOT_AVAILABLE');
      const rate = await currentRate(db, merchant.asset);
      if (!rate) throw new AppError('RATE_NOT_SET');
      return quotes.issue(rate, request.query.side, new Date());
    },
  );

  app.get(
    '/operator/rates',
    { config: { access: ['operator'] }, schema: { response: { 200: rateListResponseSchema } } },
    async () => listRates(db),
  );

  app.post(
    '/operator/rates',
    {
      config: { access: ['operator'] },
      schema: {
        body: setRateRequestSchema,
        response: { 201: rateSchema, 202: approvalRequestedSchema },
      },
    },
    async (request, reply) => {
      const user = app.signedInUser(request);
      // Beyond the deviation and confirmed: waits for a second operator (docs/decisions/017).
      const current = await rateChangeWaits(db, request.body);
      if (current) {
        const { asset, buyRateKrw, sellRateKrw } = request.body;
        const approval = await requestRateChange(
          db,
          asset,
          { buyRateKrw: current.buyRateKrw, sellRateKrw: current.sellRateKrw },
          { buyRateKrw, sellRateKrw },
          { id: user.id, name: user.name },
          request.ip,
        );
        return reply.code(202).send({ approval });
      }
      const row = await setRate(db, { ...request.body, setBy: user.id, ip: request.ip });
      request.log.info({ asset: row.asset, rateId: row.id }, 'rate set');
      return reply.code(201).send(toRate({ ...row, setByName: user.name }));
    },
  );
};

export default rateRoutes;
