import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { httpStatusOf } from '@/lib/api-error';

/** Ends the session. A session that has already ended (401) counts as signed out. */
export async function signOut(): Promise<void> {
  try {
    await api.post('/auth/sign-out');
  } catch (error) {
    if (httpStatusOf(error) !== 401) throw error;
  }
}

export const useSignOut = () => useMutation({ mutationFn: signOut });
