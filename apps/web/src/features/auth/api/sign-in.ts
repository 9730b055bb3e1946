import { useMutation } from '@tanstack/react-query';
import type { SignInRequest } from '@portal/contract/auth';
import type { SecondFactorSignInRequest, SignInResponse } from '@portal/contract/two-factor';
import type { SignedInUserResponse, CurrentUser } from '@portal/contract/users';
import { api } from '@/lib/api-client';

/**
 * The password step: signed in (`user`), or the account asks for its second factor
 * (`secondFactor`, with the challenge the code is sent with; docs/SECURITY.md "Two-factor
 * sign-in").
 */
export async function signIn(body: SignInRequest): Promise<SignInResponse> {
  const response = await api.post<SignInResponse>('/auth/sign-in', body);
  return response.data;
}

export const useSignIn = () => useMutation({ mutationFn: signIn });

/** The second step: the challenge and a code from the authenticator app or a recovery code. */
export async function signInWithSecondFactor(
  body: SecondFactorSignInRequest,
): Promise<CurrentUser> {
  const response = await api.post<SignedInUserResponse>('/auth/sign-in/second-factor', body);
  return response.data.user;
}

export const useSignInWithSecondFactor = () => useMutation({ mutationFn: signInWithSecondFactor });
