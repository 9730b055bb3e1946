import {
  browserSupportsWebAuthn,
  startAuthentication,
  startRegistration,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
  WebAuthnError,
} from '@simplewebauthn/browser';
import { queryOptions } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import type { PasskeyList, PasskeyOptionsResponse } from '@portal/contract/passkeys';
import { api } from '@/lib/api-client';
import { errorMessage } from '@/lib/form-errors';

/**
 * Passkeys in the browser (docs/decisions/025), shared by the sign-in dialog, Profile and the
 * step-up dialog: the browser's prompt through @simplewebauthn/browser, with the server's options
 * as they came. A person who closes the prompt has changed their mind, not met an error: that is
 * `PasskeyCancelled`, said calmly by `passkeyErrorText`.
 */

export class PasskeyCancelled extends Error {
  constructor() {
    super('The passkey prompt was closed.');
    this.name = 'PasskeyCancelled';
  }
}

/** Whether this browser can use passkeys at all (the buttons are not offered otherwise). */
export const passkeysSupported = (): boolean => browserSupportsWebAuthn();

/** The prompt's own errors: closed or timed out (NotAllowedError, AbortError) is a cancel. */
function fromPrompt(error: unknown): never {
  const name = error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'AbortError') throw new PasskeyCancelled();
  throw error;
}

/** navigator.credentials.get() with the server's options: the answer to send back. */
export function askForPasskey(
  options: PasskeyOptionsResponse['options'],
): Promise<AuthenticationResponseJSON> {
  return startAuthentication({
    optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON,
  }).catch(fromPrompt);
}

/** navigator.credentials.create() with the server's options: the new passkey to send back. */
export function makePasskey(
  options: PasskeyOptionsResponse['options'],
): Promise<RegistrationResponseJSON> {
  return startRegistration({
    optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON,
  }).catch(fromPrompt);
}

/**
 * What to say when a passkey did not work: a closed prompt calmly; a device that already holds a
 * passkey for the account (InvalidStateError) so; the API's refusals as every form says them.
 */
export function passkeyErrorText(t: TFunction, error: unknown): string {
  if (error instanceof PasskeyCancelled) return t('errors:passkey.cancelled');
  if (error instanceof Error && error.name === 'InvalidStateError') {
    return t('errors:passkey.alreadyOnDevice');
  }
  // Anything else the browser's prompt said (no authenticator, a page not allowed to ask).
  if (error instanceof WebAuthnError || error instanceof DOMException) {
    return t('errors:passkey.failed');
  }
  return errorMessage(t, error);
}

/** GET /api/profile/passkeys: the user's passkeys (Profile lists them; step-up offers one). */
export const passkeysQueryKey = ['profile', 'passkeys'] as const;

export const passkeysQuery = () =>
  queryOptions({
    queryKey: passkeysQueryKey,
    queryFn: async ({ signal }) =>
      (await api.get<PasskeyList>('/profile/passkeys', { signal })).data.passkeys,
  });
