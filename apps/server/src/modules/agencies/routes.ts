import {
  agencyIdParamsSchema,
  changeAgencyStatusRequestSchema,
  createAgencyRequestSchema,
  operatorAgencyListResponseSchema,
  operatorAgencyResponseSchema,
  updateAgencyRequestSchema,
} from '@portal/contract/agencies';
import { AppError } from '@server/lib/errors';
import type { RoutePlugin } from '@server/lib/zod-routes';
import { hashPassword } from '@server/modules/auth/passwords';
import { approvalRequestedSchema } from '@portal/contract/approvals';
import { agencyAccountInForce, sameAccount } from '@server/modules/agency-bank-account/repository';
import { requestAgencyBankAccount } from '@server/modules/approvals/requests';
import { createAgencyWithUser, findOperatorAgency, listAgencies, updateAgency } from './repository';
import { changeAgencyStatus } from './status';

/**
 * The operator's partner agencies:
 *   GET   /operator/agencies       every agency with its bank account and how many users it has
 *   POST  /operator/agencies       a new agency with its first agency user, atomically
 *   PATCH /operator/agencies/:id   its name and bank account
 *   PUT   /operator/agencies/:id/status   disable (with a reason) or enable (docs/decisions/022)
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
        response: { 200: operatorAgencyResponseSchema, 202: approvalRequestedSchema },
      },
    },
    async (request, reply) => {
      const operator = app.signedInUser(request);
      const inForce = await agencyAccountInForce(app.db, request.params.id);
      const {
        bankName,
        bankAccountNumber: accountNumber,
        bankAccountHolder: accountHolder,
      } = request.body;
      const proposed = { bankName, accountNumber, accountHolder };
      const accountChanges = !sameAccount(inForce.account, proposed);
      // The other fields save at once; a new bank account waits for a second operator and the
      // old one stays in force meanwhile (docs/decisions/017).
      await updateAgency(app.db, {
        operatorId: operator.id,
        ip: request.ip,
        agencyId: request.params.id,
        change: accountChanges
          ? {
              ...request.body,
              bankName: inForce.account?.bankName ?? null,
              bankAccountNumber: inForce.account?.accountNumber ?? null,
              bankAccountHolder: inForce.account?.accountHolder ?? null,
            }
          : request.body,
      });
      if (accountChanges) {
        const approval = await requestAgencyBankAccount(
          app.db,
          inForce.agency,
          inForce.account,
          proposed,
          { id: operator.id, name: operator.name },
          request.ip,
        );
        return reply.code(202).send({ approval });
      }
      const agency = await findOperatorAgency(app.db, request.params.id);
      if (!agency) throw new AppError('NOT_FOUND', 'This agency does not exist.');
      return { agency };
    },
  );

  app.put(
    '/operator/agencies/:id/status',
    {
      config: { access: ['operator'] },
      schema: {
        params: agencyIdParamsSchema,
        body: changeAgencyStatusRequestSchema,
        response: { 200: operatorAgencyResponseSchema },
      },
    },
    async (request) => {
      const operator = app.signedInUser(request);
      await changeAgencyStatus(app.db, {
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
