import {
  createMerchantRequestSchema,
  operatorMerchantListResponseSchema,
  operatorMerchantSchema,
  updateMerchantRequestSchema,
} from '@portal/contract/merchants';
import { z } from 'zod';
import type { RoutePlugin } from '@server/lib/zod-routes';
import { createMerchant, listAllMerchants, toOperatorMerchant, updateMerchant } from './repository';

const operatorOnly = { access: ['operator'] } as const;
const merchantIdParamsSchema = z.strictObject({ id: z.uuid({ error: 'invalid' }) });

/**
 * Merchants as operators manage them. The HMAC secret of an http merchant is sealed with the
 * merchant's id and never returned (`hasSecret` only).
 *
 *   GET   /operator/merchants        every merchant, disabled ones too
 *   POST  /operator/merchants        -> 201; a taken code is 409 CONFLICT (fields.code)
 *   PATCH /operator/merchants/:id    partial; { status: 'disabled' } disables
 */
const operatorMerchantRoutes: RoutePlugin = async (app) => {
  app.get(
    '/operator/merchants',
    { config: operatorOnly, schema: { response: { 200: operatorMerchantListResponseSchema } } },
    async () => ({ items: (await listAllMerchants(app.db)).map(toOperatorMerchant) }),
  );

  app.post(
    '/operator/merchants',
    {
      config: operatorOnly,
      schema: { body: createMerchantRequestSchema, response: { 201: operatorMerchantSchema } },
    },
    async (request, reply) => {
      const row = await createMerchant(app.db, app.secretBox, request.body);
      return reply.code(201).send(toOperatorMerchant(row));
    },
  );

  app.patch(
    '/operator/merchants/:id',
    {
      config: operatorOnly,
      schema: {
        params: merchantIdParamsSchema,
        body: updateMerchantRequestSchema,
        response: { 200: operatorMerchantSchema },
      },
    },
    async (request) => {
      const row = await updateMerchant(app.db, app.secretBox, request.params.id, request.body);
      return toOperatorMerchant(row);
    },
  );
};

export default operatorMerchantRoutes;
