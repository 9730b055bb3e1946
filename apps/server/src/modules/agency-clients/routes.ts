import {
  agencyClientDetailResponseSchema,
  agencyClientIdParamsSchema,
  agencyClientListResponseSchema,
  agencyClientsQuerySchema,
} from '@portal/contract/agency-clients';
import {
  agencyTransactionDetailSchema,
  transactionIdParamsSchema,
} from '@portal/contract/transactions';
import { eq } from 'drizzle-orm';
import { transactions, users } from '@server/db/schema';
import { AppError } from '@server/lib/errors';
import type { RoutePlugin } from '@server/lib/zod-routes';
import { transactionDetail } from '@server/modules/transactions/repository';
import { findAgencyClient, listAgencyClients } from './repository';

/**
 * A partner agency's Clients (role agency only):
 *   GET /agency/clients?q=&page=&pageSize=   its clients, newest first
 *   GET /agency/clients/:id                  one of them, in detail
 *   GET /agency/transactions/:id             one of their transactions, with its history
 * Every query is bounded by the signed-in user's own agency, so another agency's client is
 * "not found", exactly like one that does not exist.
 */
const agencyClientRoutes: RoutePlugin = async (app) => {
  function agencyOf(request: Parameters<typeof app.signedInUser>[0]): string {
    const { agencyId } = app.signedInUser(request);
    // The database refuses an agency user without an agency; this only guards the type.
    if (!agencyId) throw new AppError('FORBIDDEN');
    return agencyId;
  }

  app.get(
    '/agency/clients',
    {
      config: { access: ['agency'] },
      schema: {
        querystring: agencyClientsQuerySchema,
        response: { 200: agencyClientListResponseSchema },
      },
    },
    async (request) => {
      const { q, page, pageSize } = request.query;
      const { items, total } = await listAgencyClients(request.readDb, {
        agencyId: agencyOf(request),
        q,
        page,
        pageSize,
      });
      return { items, total, page, pageSize };
    },
  );

  app.get(
    '/agency/clients/:id',
    {
      config: { access: ['agency'] },
      schema: {
        params: agencyClientIdParamsSchema,
        response: { 200: agencyClientDetailResponseSchema },
      },
    },
    async (request) => {
      const client = await findAgencyClient(app.db, agencyOf(request), request.params.id);
      if (!client) throw new AppError('NOT_FOUND', 'This client does not exist.');
      return { client };
    },
  );

  // A row of Client Transactions opens here (the user's own detail route answers only its owner).
  app.get(
    '/agency/transactions/:id',
    {
      config: { access: ['agency'] },
      schema: {
        params: transactionIdParamsSchema,
        response: { 200: agencyTransactionDetailSchema },
      },
    },
    async (request) => {
      const [owner] = await app.db
        .select({
          agencyId: transactions.clientAgencyId,
          client: { id: users.id, name: users.name, email: users.email },
        })
        .from(transactions)
        .innerJoin(users, eq(users.id, transactions.userId))
        .where(eq(transactions.id, request.params.id));
      const detail =
        owner && owner.agencyId === agencyOf(request)
          ? await transactionDetail(app.db, request.params.id)
          : undefined;
      if (!owner || !detail) throw new AppError('NOT_FOUND', 'This transaction does not exist.');
      return { ...detail, client: owner.client };
    },
  );
};

export default agencyClientRoutes;
