import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { AuthenticationCredential, RegistrationCredential } from '@portal/contract/passkeys';
import type { Database } from '@server/db/client';
import { AppError } from '@server/lib/errors';
import { keepChallenge, takeChallenge, type PasskeyPurpose } from './challenges';
import { findPasskey, passkeysOf, recordUse, type StoredPasskey } from './credentials';
import type { RelyingParty } from './relying-party';

/**
 * The two WebAuthn ceremonies with @simplewebauthn/server (docs/decisions/025). Both require
 * user verification (the device's PIN or biometric: a passkey is then two factors in itself,
 * ASVS 6.3.x) and registration a resident key (discoverable credentials, so a sign-in needs no
 * email). Any answer that does not verify is PASSKEY_NOT_VERIFIED; the library's reasons go to
 * the log only.
 */

const asTransports = (transports: string[]) => transports as AuthenticatorTransport[];

export async function registrationOptions(
  db: Database,
  rp: RelyingParty,
  user: { id: string; email: string; name: string },
) {
  const existing = await passkeysOf(db, user.id);
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.email,
    userDisplayName: user.name,
    userID: new TextEncoder().encode(user.id),
    attestationType: 'none',
    excludeCredentials: existing.map((key) => ({
      id: key.credentialId,
      transports: asTransports(key.transports),
    })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    // ES256 and RS256 (Windows Hello): what every platform authenticator makes.
    supportedAlgorithmIDs: [-7, -257],
  });
  await keepChallenge(db, options.challenge, 'register', user.id);
  return { ...options };
}

/** The new credential, verified against a challenge given to this user: what to keep. */
export async function verifyRegistration(
  db: Database,
  rp: RelyingParty,
  userId: string,
  credential: RegistrationCredential,
): Promise<Omit<StoredPasskey, 'id'>> {
  const taken = await takeChallenge(db, credential.response.clientDataJSON, 'register');
  if (!taken || taken.userId !== userId) throw new AppError('PASSKEY_NOT_VERIFIED');
  const result = await verifyRegistrationResponse({
    response: credential as RegistrationResponseJSON,
    expectedChallenge: taken.challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: true,
  }).catch(() => null);
  if (!result?.verified || !result.registrationInfo) throw new AppError('PASSKEY_NOT_VERIFIED');
  const made = result.registrationInfo.credential;
  return {
    userId,
    credentialId: made.id,
    publicKey: Buffer.from(made.publicKey).toString('base64url'),
    counter: made.counter,
    transports: credential.response.transports ?? [],
  };
}

/**
 * Options for navigator.credentials.get(): for a user, that user's passkeys only; for a sign-in
 * with a passkey alone, none named (the device offers the ones it holds for this site).
 */
export async function authenticationOptions(
  db: Database,
  rp: RelyingParty,
  purpose: Exclude<PasskeyPurpose, 'register'>,
  userId: string | null,
  signInChallenge: string | null = null,
) {
  const allowed = userId ? await passkeysOf(db, userId) : [];
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    userVerification: 'required',
    allowCredentials: allowed.map((key) => ({
      id: key.credentialId,
      transports: asTransports(key.transports),
    })),
  });
  await keepChallenge(db, options.challenge, purpose, userId, signInChallenge);
  return { ...options };
}

/**
 * The passkey that answered a challenge given for `purpose`, verified: its signature, origin, RP
 * id, user verification and a counter later than the last. PASSKEY_UNKNOWN for a credential
 * nobody has (removed, or never added); PASSKEY_NOT_VERIFIED for anything else wrong, or for
 * the passkey of someone other than the user the challenge was given to.
 */
export async function verifyAuthentication(
  db: Database,
  rp: RelyingParty,
  purpose: Exclude<PasskeyPurpose, 'register'>,
  credential: AuthenticationCredential,
): Promise<{ passkey: StoredPasskey; signInChallengeHash: string | null }> {
  const taken = await takeChallenge(db, credential.response.clientDataJSON, purpose);
  if (!taken) throw new AppError('PASSKEY_NOT_VERIFIED');
  const passkey = await findPasskey(db, credential.id);
  if (!passkey) throw new AppError('PASSKEY_UNKNOWN');
  if (taken.userId !== null && taken.userId !== passkey.userId) {
    throw new AppError('PASSKEY_NOT_VERIFIED');
  }
  const result = await verifyAuthenticationResponse({
    response: credential as AuthenticationResponseJSON,
    expectedChallenge: taken.challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: true,
    credential: {
      id: passkey.credentialId,
      publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
      counter: passkey.counter,
      transports: asTransports(passkey.transports),
    },
  }).catch(() => null);
  if (!result?.verified) throw new AppError('PASSKEY_NOT_VERIFIED');
  if (!(await recordUse(db, passkey.id, result.authenticationInfo.newCounter))) {
    throw new AppError('PASSKEY_NOT_VERIFIED');
  }
  return { passkey, signInChallengeHash: taken.signInChallengeHash };
}
