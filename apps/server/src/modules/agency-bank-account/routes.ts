import {
  agencyBankAccountRequestSchema,
  agencyBankAccountResponseSchema,
} from '@portal/contract/agency-bank-account';
import { approvalRequestedSchema } from '@portal/contract/approvals';
import { AppError } from '@server/lib/errors';
import { requestAgencyBankAccount } from '@server/modules/approvals/requests';
import type { RoutePlugin } from '@server/lib/zod-routes';
import { agencyAccountInForce, findAgencyBankAccount, sameAccount } from './repository';

/**
 * An agency user's own Partner Agency Bank Account (docs/PRODUCT.md "Screens"), the account its clients pay
 * buy requests into. Clients read it through GET /api/deposit-account; operators manage every
 * agency's through the operator agency screens.
 *
 *   GET /agency/bank-account   the agency and its account (null until set up)
 *   GET /agency/bank-account   also the proposed account waiting for approval, or the last rejected
 *   PUT /agency/bank-account   { bankName, accountNumber, accountHolder }: 202 { approval }, the
 *                              new account waits for an operator (docs/decisions/017)
 */
const agencyBankAccountRoutes: RoutePlugin = async (app) => {
  const agencyOnly = { access: ['agency' as const] };

  /** An agency user always has an agency (a database check); this guards the impossible. */
  function ownAgencyId(agencyId: string | null): string {
    if (!agencyId) throw new AppError('FORBIDDEN', 'You do not act for a partner agency.');
    return agencyId;
  }

  app.get(
    '/agency/bank-account',
    { config: agencyOnly, schema: { response: { 200: agencyBankAccountResponseSchema } } },
    async (request) => {
      const user = app.signedInUser(request);
      return findAgencyBankAccount(app.db, ownAgencyId(user.agencyId));
    },
  );

  app.put(
    '/agency/bank-account',
    {
      config: agencyOnly,
      schema: {
        body: agencyBankAccountRequestSchema,
        response: { 200: agencyBankAccountResponseSchema, 202: approvalRequestedSchema },
      },
    },
    async (request, reply) => {
      const user = app.signedInUser(request);
      const agencyId = ownAgencyId(user.agencyId);
      const inForce = await agencyAccountInForce(app.db, agencyId);
      // The same account again changes nothing; a new one waits for an operator's approval and
      // the old one stays in force meanwhile (docs/decisions/017).
      if (sameAccount(inForce.account, request.body)) {
        return findAgencyBankAccount(app.db, agencyId);
      }
      const approval = await requestAgencyBankAccount(
        app.db,
        inForce.agency,
        inForce.account,
        request.body,
        { id: user.id, name: user.name },
        request.ip,
      );
      request.log.info({ agencyId, approvalId: approval.id }, 'agency bank account proposed');
      return reply.code(202).send({ approval });
    },
  );
};

export default agencyBankAccountRoutes;
