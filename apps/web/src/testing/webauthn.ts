import { afterEach, vi } from 'vitest';

/**
 * A browser with passkeys, for component tests (docs/decisions/025): jsdom has no WebAuthn, so
 * PublicKeyCredential and navigator.credentials are stood in for, and the real
 * @simplewebauthn/browser runs on top. `get` / `create` answer with a fixed credential, or are
 * told to fail as a browser does (a closed prompt is a NotAllowedError).
 */

const bytes = (text: string) => new TextEncoder().encode(text).buffer;

/** The credential id every stood-in passkey has, as the library sends it (base64url). */
export const PASSKEY_ID = 'cGFzc2tleQ';

function credential(response: Record<string, unknown>) {
  return {
    id: PASSKEY_ID,
    rawId: bytes('passkey'),
    type: 'public-key',
    response,
    authenticatorAttachment: 'platform',
    getClientExtensionResults: () => ({}),
  };
}

export function stubPasskeyBrowser() {
  vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
  const get = vi.fn(() =>
    Promise.resolve(
      credential({
        authenticatorData: bytes('authenticator'),
        clientDataJSON: bytes('client data'),
        signature: bytes('signature'),
        userHandle: null,
      }),
    ),
  );
  const create = vi.fn(() =>
    Promise.resolve(
      credential({
        attestationObject: bytes('attestation'),
        clientDataJSON: bytes('client data'),
        getTransports: () => ['internal'],
      }),
    ),
  );
  Object.defineProperty(navigator, 'credentials', {
    value: { get, create },
    configurable: true,
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'credentials');
  });
  return { get, create };
}

/** What a browser throws when its passkey prompt is closed. */
export const promptClosed = () =>
  new DOMException('The operation was cancelled.', 'NotAllowedError');
