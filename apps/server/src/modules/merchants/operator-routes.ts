import {
  createMerchantRequestSchema,
  operatorMerchantListResponseSchema,
  operatorMerchantSchema,
  updateMerchantRequestSchema,
} from '@portal/contract/merchants';
import { z } from 'zod';
import type { RoutePlugin } from '@server/lib/zod-routes';
import { changeOf, recordAuditEvent } from '@server/modules/audit/audit-log';
import {
  createMerchant,
  findMerchant,
  listAllMerchants,
  toOperatorMerchant,
  updateMerchant,
  type MerchantRow,
} from './repository';

const operatorOnly = { access: ['operator'] } as const;

/** A merchant's settings as the audit trail keeps them: no secret, only whether one is set. */
function settingsOf(row: MerchantRow) {
  const {
    createdAt: _createdAt,
    updatedAt: _updatedAt,
    id: _id,
    ...settings
  } = toOperatorMerchant(row);
  return settings;
}
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
      const row = await app.db.transaction(async (tx) => {
        const created = await createMerchant(tx, app.secretBox, request.body);
        await recordAuditEvent(tx, {
          action: 'merchant_created',
          actorUserId: app.signedInUser(request).id,
          ip: request.ip,
          object: { type: 'merchant', id: created.code },
          details: { after: settingsOf(created) },
        });
        return created;
      });
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
      const row = await app.db.transaction(async (tx) => {
        const before = await findMerchant(tx, request.params.id);
        const after = await updateMerchant(tx, app.secretBox, request.params.id, request.body);
        const change = before
          ? changeOf(settingsOf(before), settingsOf(after))
          : { before: {}, after: settingsOf(after) };
        // A secret replaced by another is a change the settings alone would not show.
        if (request.body.secret) change.after = { ...change.after, hasSecret: true };
        await recordAuditEvent(tx, {
          action: 'merchant_changed',
          actorUserId: app.signedInUser(request).id,
          ip: request.ip,
          object: { type: 'merchant', id: after.code },
          details: { ...change, ...(request.body.secret ? { secretReplaced: true } : {}) },
        });
        return after;
      });
      return toOperatorMerchant(row);
    },
  );
};

export default operatorMerchantRoutes;
