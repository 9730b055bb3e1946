import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  changeUserRoleResponseSchema,
  type ManagedUser,
  type UserRole,
  type UserStatus,
} from '@portal/contract/users';
import { api } from '@/lib/api-client';
import { operatorUsersQueryKey } from './get-users';

export type UserChange = { id: string } & ({ role: UserRole } | { status: UserStatus });

/** Gives a user another role, or enables or disables them (which ends their sessions). */
export async function changeUser(change: UserChange): Promise<ManagedUser> {
  const id = encodeURIComponent(change.id);
  const response =
    'role' in change
      ? await api.put(`/operator/users/${id}/role`, { role: change.role })
      : await api.put(`/operator/users/${id}/status`, { status: change.status });
  return changeUserRoleResponseSchema.parse(response.data).user;
}

export function useChangeUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeUser,
    onSettled: () => queryClient.invalidateQueries({ queryKey: operatorUsersQueryKey }),
  });
}
