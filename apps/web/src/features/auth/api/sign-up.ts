import { useMutation } from '@tanstack/react-query';
import type { SignUpRequest } from '@portal/contract/auth';
import type { CurrentUser } from '@portal/contract/users';
import { api } from '@/lib/api-client';
import { signedInUserResponseSchema } from './user-response';

/** Creates the account and signs the new user in. */
export async function signUp(body: SignUpRequest): Promise<CurrentUser> {
  const response = await api.post('/auth/sign-up', body);
  return signedInUserResponseSchema.parse(response.data).user;
}

export const useSignUp = () => useMutation({ mutationFn: signUp });
