import { useMutation } from '@tanstack/react-query';
import type { MailLanguage, SignInRequest } from '@portal/contract/auth';
import type {
  PasskeyOptionsResponse,
  PasskeySecondFactorRequest,
  PasskeySignInRequest,
  SignInPasskeyOptionsRequest,
} from '@portal/contract/passkeys';
import type {
  SecondFactorSignInRequest,
  SignInResponse,
  SignInSetupConfirmRequest,
  SignInSetupConfirmResponse,
  SignInSetupRequest,
  TwoFactorSetupResponse,
} from '@portal/contract/two-factor';
import type { SignedInUserResponse, CurrentUser } from '@portal/contract/users';
import { api } from '@/lib/api-client';
import { askForPasskey } from '@/lib/auth/passkey';

/**
 * The password step: signed in (`user`), or the account asks for its second factor
 * (`secondFactor`), or staff without one set it up first (`secondFactorSetup`), each with the
 * challenge the next step is sent with (docs/SECURITY.md "Two-factor sign-in").
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

/**
 * A passkey at sign-in (docs/decisions/025): with no challenge, on its own (the device offers the
 * passkeys it holds for the portal); with the password step's challenge, instead of the code.
 */
export async function signInWithPasskey({
  challenge,
  language,
}: {
  challenge?: string;
  language: MailLanguage;
}): Promise<CurrentUser> {
  const { options } = (
    await api.post<PasskeyOptionsResponse>('/auth/sign-in/passkey-options', {
      challenge,
    } satisfies SignInPasskeyOptionsRequest)
  ).data;
  const credential = await askForPasskey(options);
  const response = challenge
    ? await api.post<SignedInUserResponse>('/auth/sign-in/second-factor/passkey', {
        challenge,
        credential,
        language,
      } satisfies PasskeySecondFactorRequest)
    : await api.post<SignedInUserResponse>('/auth/sign-in/passkey', {
        credential,
        language,
      } satisfies PasskeySignInRequest);
  return response.data.user;
}

export const useSignInWithPasskey = () => useMutation({ mutationFn: signInWithPasskey });

/** Staff's first sign-in, step one: a new authenticator-app secret for the challenge. */
export const useStartSignInSetup = () =>
  useMutation({
    mutationFn: async (body: SignInSetupRequest) =>
      (await api.post<TwoFactorSetupResponse>('/auth/sign-in/two-factor-setup', body)).data,
  });

/** Step two: the app's first code turns two-factor sign-in on and signs in, with recovery codes. */
export const useConfirmSignInSetup = () =>
  useMutation({
    mutationFn: async (body: SignInSetupConfirmRequest) =>
      (await api.post<SignInSetupConfirmResponse>('/auth/sign-in/two-factor-confirm', body)).data,
  });
