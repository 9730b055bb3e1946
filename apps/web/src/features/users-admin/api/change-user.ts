import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  ChangedUserResponse,
  EndedSessionsResponse,
  ManagedUser,
  UserRole,
  UserStatus,
} from '@portal/contract/users';
import type { ApprovalRequested } from '@portal/contract/approvals';
import { api } from '@/lib/api-client';
import { readGuarded, type Guarded } from '@/lib/approvals/guarded';
import { operatorUsersQueryKey } from '@/features/users-admin/api/get-users';

export type UserChange = { id: string } & ({ role: UserRole } | { status: UserStatus });

/**
 * Gives a user another role, or enables or disables them (which ends their sessions). Making
 * someone an operator waits for a second operator (202, docs/decisions/017).
 */
export async function changeUser(change: UserChange): Promise<Guarded<ManagedUser>> {
  const id = encodeURIComponent(change.id);
  const response =
    'role' in change
      ? await api.put<ChangedUserResponse | ApprovalRequested>(`/operator/users/${id}/role`, {
          role: change.role,
        })
      : await api.put<ChangedUserResponse | ApprovalRequested>(`/operator/users/${id}/status`, {
          status: change.status,
        });
  const result = readGuarded<ChangedUserResponse>(response);
  return result.done ? { done: true, data: result.data.user } : result;
}

export function useChangeUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeUser,
    onSettled: () => queryClient.invalidateQueries({ queryKey: operatorUsersQueryKey }),
  });
}

/** Signs a user out everywhere, without disabling them; answers how many sessions ended. */
export function useEndUserSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      (
        await api.post<EndedSessionsResponse>(
          `/operator/users/${encodeURIComponent(id)}/sessions/end`,
        )
      ).data.ended,
    onSettled: () => queryClient.invalidateQueries({ queryKey: operatorUsersQueryKey }),
  });
}
