import {
  changeUserRoleRequestSchema,
  changeUserRoleResponseSchema,
  userIdParamsSchema,
} from '@portal/contract/users';
import { AppError } from '@server/lib/errors';
import type { RoutePlugin } from '@server/lib/zod-routes';
import { findManagedUser } from './repository';
import { changeUserRole } from './roles';

/** The operator's management of users. */
const userRoutes: RoutePlugin = async (app) => {
  app.put(
    '/operator/users/:id/role',
    {
      config: { access: ['operator'] },
      schema: {
        params: userIdParamsSchema,
        body: changeUserRoleRequestSchema,
        response: { 200: changeUserRoleResponseSchema },
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
