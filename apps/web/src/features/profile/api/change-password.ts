import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordRequest } from '@portal/contract/profile';
import { api } from '@/lib/api-client';

/** Sets a new password; the current one must be given. */
export async function changePassword(body: ChangePasswordRequest): Promise<void> {
  await api.post('/profile/password', body);
}

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
