import { useMutation } from '@tanstack/react-query';
import type { SignInRequest } from '@portal/contract/auth';
import type { SignedInUserResponse, CurrentUser } from '@portal/contract/users';
import { api } from '@/lib/api-client';

export async function signIn(body: SignInRequest): Promise<CurrentUser> {
  const response = await api.post<SignedInUserResponse>('/auth/sign-in', body);
  return response.data.user;
}

export const useSignIn = () => useMutation({ mutationFn: signIn });
