import { useMutation } from '@tanstack/react-query';
import type { SignInRequest } from '@portal/contract/auth';
import type { CurrentUser } from '@portal/contract/users';
import { api } from '@/lib/api-client';
import { signedInUserResponseSchema } from './user-response';

export async function signIn(body: SignInRequest): Promise<CurrentUser> {
  const response = await api.post('/auth/sign-in', body);
  return signedInUserResponseSchema.parse(response.data).user;
}

export const useSignIn = () => useMutation({ mutationFn: signIn });
