import {
  agencyIdParamsSchema,
  createAgencyRequestSchema,
  operatorAgencyListResponseSchema,
  operatorAgencyResponseSchema,
  updateAgencyRequestSchema,
} from '@portal/contract/agencies';
import { AppError } from '@server/lib/errors';
import type { RoutePlugin } from '@server/lib/zod-routes';
import { hashPassword } from '@server/modules/auth/passwords';
import { createAgencyWithUser, findOperatorAgency, listAgencies, updateAgency } from './repository';

/**
 * The operator's partner agencies:
 *   GET   /operator/agencies       every agency with its bank account and how many users it has
 *   POST  /operator/agencies       a new agency with its first agency user, atomically
 *   PATCH /operator/agencies/:id   its name and bank account
 */
const agencyRoutes: RoutePlugin = async (app) => {
  app.get(
    '/operator/agencies',
    {
      config: { access: ['operator'] },
      schema: { response: { 200: operatorAgencyListResponseSchema } },
    },
    async () => ({ items: await listAgencies(app.db) }),
  );

  app.post(
    '/operator/agencies',
    {
      config: { access: ['operator'] },
      schema: {
        body: createAgencyRequestSchema,
        response: { 201: operatorAgencyResponseSchema },
      },
    },
    async (request, reply) => {
      const operator = app.signedInUser(request);
      const { user, ...agency } = request.body;
      const { password, ...person } = user;
      const { agencyId } = await createAgencyWithUser(app.db, {
        operatorId: operator.id,
        ip: request.ip,
        request: agency,
        user: { ...person, passwordHash: await hashPassword(password) },
      });
      const created = await findOperatorAgency(app.db, agencyId);
      if (!created) throw new Error(`agency ${agencyId} vanished right after it was made`);
      return reply.code(201).send({ agency: created });
    },
  );

  app.patch(
    '/operator/agencies/:id',
    {
      config: { access: ['operator'] },
      schema: {
        params: agencyIdParamsSchema,
        body: updateAgencyRequestSchema,
        response: { 200: operatorAgencyResponseSchema },
      },
    },
    async (request) => {
      const operator = app.signedInUser(request);
      await updateAgency(app.db, {
        operatorId: operator.id,
        ip: request.ip,
        agencyId: request.params.id,
        change: request.body,
      });
      const agency = await findOperatorAgency(app.db, request.params.id);
      if (!agency) throw new AppError('NOT_FOUND', 'This agency does not exist.');
      return { agency };
    },
  );
};

export default agencyRoutes;
