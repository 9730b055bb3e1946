import {
  agencyBankAccountRequestSchema,
  agencyBankAccountResponseSchema,
} from '@portal/contract/agency-bank-account';
import { AppError } from '@server/lib/errors';
import type { RoutePlugin } from '@server/lib/zod-routes';
import { changeAgencyBankAccount, findAgencyBankAccount } from './repository';

/**
 * An agency user's own Partner Agency Bank Account (docs/PRODUCT.md "Screens"), the account its clients pay
 * buy requests into. Clients read it through GET /api/deposit-account; operators manage every
 * agency's through the operator agency screens.
 *
 *   GET /agency/bank-account   the agency and its account (null until set up)
 *   PUT /agency/bank-account   { bankName, accountNumber, accountHolder }, audited
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
        response: { 200: agencyBankAccountResponseSchema },
      },
    },
    async (request) => {
      const user = app.signedInUser(request);
      const agencyId = ownAgencyId(user.agencyId);
      const result = await changeAgencyBankAccount(app.db, {
        agencyId,
        actorUserId: user.id,
        ip: request.ip,
        account: request.body,
      });
      request.log.info({ agencyId }, 'agency bank account saved');
      return result;
    },
  );
};

export default agencyBankAccountRoutes;
