import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  ChangedUserResponse,
  ManagedUser,
  UserRole,
  UserStatus,
} from '@portal/contract/users';
import { api } from '@/lib/api-client';
import { operatorUsersQueryKey } from '@/features/users-admin/api/get-users';

export type UserChange = { id: string } & ({ role: UserRole } | { status: UserStatus });

/** Gives a user another role, or enables or disables them (which ends their sessions). */
export async function changeUser(change: UserChange): Promise<ManagedUser> {
  const id = encodeURIComponent(change.id);
  const response =
    'role' in change
      ? await api.put<ChangedUserResponse>(`/operator/users/${id}/role`, { role: change.role })
      : await api.put<ChangedUserResponse>(`/operator/users/${id}/status`, {
          status: change.status,
        });
  return response.data.user;
}

export function useChangeUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeUser,
    onSettled: () => queryClient.invalidateQueries({ queryKey: operatorUsersQueryKey }),
  });
}
