import {
  changeUserRoleRequestSchema,
  changedUserResponseSchema,
  changeUserStatusRequestSchema,
  operatorUserListResponseSchema,
  operatorUsersQuerySchema,
  userIdParamsSchema,
} from '@portal/contract/users';
import { AppError } from '@server/lib/errors';
import type { RoutePlugin } from '@server/lib/zod-routes';
import { findManagedUser } from './repository';
import { listUsers } from './list';
import { changeUserRole } from './roles';
import { changeUserStatus } from './status';

/** The operator's management of users. */
const userRoutes: RoutePlugin = async (app) => {
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
      const { items, total } = await listUsers(app.db, { q, role, status, page, pageSize });
      return { items, total, page, pageSize };
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
        response: { 200: changedUserResponseSchema },
      },
    },
    async (request) => {
      const operator = app.signedInUser(request);
      const { id } = request.params;
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
