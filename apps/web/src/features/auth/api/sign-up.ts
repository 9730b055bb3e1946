import { useMutation } from '@tanstack/react-query';
import type { SignUpRequest } from '@portal/contract/auth';
import type { SignedInUserResponse, CurrentUser } from '@portal/contract/users';
import { api } from '@/lib/api-client';

/** Creates the account and signs the new user in. */
export async function signUp(body: SignUpRequest): Promise<CurrentUser> {
  const response = await api.post<SignedInUserResponse>('/auth/sign-up', body);
  return response.data.user;
}

export const useSignUp = () => useMutation({ mutationFn: signUp });
