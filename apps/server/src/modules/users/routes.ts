import {
  changeUserRoleRequestSchema,
  changedUserResponseSchema,
  changeUserStatusRequestSchema,
  operatorUserListResponseSchema,
  operatorUsersQuerySchema,
  endedSessionsResponseSchema,
  userIdParamsSchema,
} from '@portal/contract/users';
import { operatorUserPageSchema } from '@portal/contract/operator-workbench';
import { AppError } from '@server/lib/errors';
import type { RoutePlugin } from '@server/lib/zod-routes';
import { recordAuditEvent } from '@server/modules/audit/audit-log';
import { deleteOtherSessions } from '@server/modules/auth/sessions';
import { findManagedUser } from './repository';
import { listUsers } from './list';
import { operatorUserPage } from './page';
import { changeUserRole, findUserForRole } from './roles';
import { approvalRequestedSchema } from '@portal/contract/approvals';
import { requestOperatorRole } from '@server/modules/approvals/requests';
import { requireRecentSecondFactor } from '@server/modules/two-factor/step-up';
import { changeUserStatus } from './status';

/** The operator's management of users. */
const userRoutes: RoutePlugin = async (app) => {
  // Signs a user out everywhere without disabling them (a lost phone, a shared computer):
  // every session ends at once, and the next request of each is signed out.
  app.post(
    '/operator/users/:id/sessions/end',
    {
      config: { access: ['operator'] },
      schema: { params: userIdParamsSchema, response: { 200: endedSessionsResponseSchema } },
    },
    async (request) => {
      const operator = app.signedInUser(request);
      const { id } = request.params;
      if (id === operator.id) {
        throw new AppError('FORBIDDEN', 'End your own sessions from Profile, Signed-in devices.');
      }
      const user = await findManagedUser(app.db, id);
      if (!user) throw new AppError('NOT_FOUND', 'This user does not exist.');
      const ended = await app.db.transaction(async (tx) => {
        const count = await deleteOtherSessions(tx, id, null);
        await recordAuditEvent(tx, {
          action: 'sessions_ended_by_operator',
          actorUserId: operator.id,
          subjectUserId: id,
          ip: request.ip,
          details: { sessionsEnded: count },
        });
        return count;
      });
      return { ended };
    },
  );

  app.get(
    '/operator/users',
    {
      config: { access: ['operator'] },
      schema: {
        querystring: operatorUsersQuerySchema,
        response: { 200: operatorUserListResponseSchema },
      },
    },
    async (request) => {
      const { q, role, status, page, pageSize } = request.query;
      const { items, total } = await listUsers(request.readDb, {
        q,
        role,
        status,
        page,
        pageSize,
      });
      return { items, total, page, pageSize };
    },
  );

  // One user in full: identity, accounts, payee, latest transactions, sessions (decision 021).
  app.get(
    '/operator/users/:id',
    {
      config: { access: ['operator'] },
      schema: { params: userIdParamsSchema, response: { 200: operatorUserPageSchema } },
    },
    async (request) => {
      const page = await operatorUserPage(app.db, request.params.id, {
        idleMinutes: app.config.sessionIdleMinutes,
        maxHours: app.config.sessionMaxHours,
      });
      if (!page) throw new AppError('NOT_FOUND', 'This user does not exist.');
      return page;
    },
  );

  app.put(
    '/operator/users/:id/status',
    {
      config: { access: ['operator'] },
      schema: {
        params: userIdParamsSchema,
        body: changeUserStatusRequestSchema,
        response: { 200: changedUserResponseSchema },
      },
    },
    async (request) => {
      const operator = app.signedInUser(request);
      const { id } = request.params;
      await changeUserStatus(app.db, {
        actorId: operator.id,
        userId: id,
        status: request.body.status,
        ip: request.ip,
      });
      const user = await findManagedUser(app.db, id);
      if (!user) throw new AppError('NOT_FOUND', 'This user does not exist.');
      return { user };
    },
  );

  app.put(
    '/operator/users/:id/role',
    {
      config: { access: ['operator'] },
      schema: {
        params: userIdParamsSchema,
        body: changeUserRoleRequestSchema,
        response: { 200: changedUserResponseSchema, 202: approvalRequestedSchema },
      },
    },
    async (request, reply) => {
      const operator = app.signedInUser(request);
      // Who can do what: a recent proof of the operator changing it (step-up, docs/decisions/026).
      await requireRecentSecondFactor(app.db, request);
      const { id } = request.params;
      if (request.body.role === 'operator') {
        // Making someone an operator waits for a second operator (docs/decisions/017); what the
        // change would refuse at once is refused now.
        const target = await findUserForRole(app.db, id);
        if (!target) throw new AppError('NOT_FOUND', 'This user does not exist.');
        if (target.role !== 'operator') {
          if (id === operator.id)
            throw new AppError('FORBIDDEN', 'You cannot change your own role.');
          const approval = await requestOperatorRole(
            app.db,
            { id, name: target.name, email: target.email },
            target.role,
            { id: operator.id, name: operator.name },
            request.ip,
          );
          return reply.code(202).send({ approval });
        }
      }
      await changeUserRole(app.db, {
        actorId: operator.id,
        userId: id,
        role: request.body.role,
        ip: request.ip,
      });
      const user = await findManagedUser(app.db, id);
      if (!user) throw new AppError('NOT_FOUND', 'This user does not exist.');
      return { user };
    },
  );
};

export default userRoutes;
