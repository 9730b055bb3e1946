import { z } from 'zod';
import { mailLanguageSchema } from './auth';
import { signInChallengeSchema } from './two-factor';
import { validationMessage } from './validation-messages';

/**
 * Passkeys (WebAuthn; docs/SECURITY.md "Two-factor sign-in", docs/decisions/025): added on
 * Profile once the authenticator app is on; a user-verifying passkey signs in on its own, stands
 * for the code after the password, and proves a step-up.
 */

/** Minutes a WebAuthn challenge the server gave waits for the browser's answer. */
export const PASSKEY_CHALLENGE_MINUTES = 5;
/** Passkeys one account may keep. */
export const PASSKEYS_PER_USER = 10;
/** A passkey's name on Profile ("iPhone", "Chrome on Windows"). */
export const PASSKEY_NAME_MAX = 60;

const base64url = (max: number) =>
  z
    .string({ error: 'invalid' })
    .max(max, { error: 'invalid' })
    .regex(/^[A-Za-z0-9_-]*$/, { error: 'invalid' });

/** A transport hint ("internal", "hybrid"...): kept as given, so a new kind does not refuse a key. */
const transportSchema = z.string().regex(/^[a-z-]{1,20}$/, { error: 'invalid' });

/** What the browser's navigator.credentials.create() gave, as @simplewebauthn/browser sends it. */
export const registrationCredentialSchema = z.object({
  id: base64url(1400).min(1, { error: 'invalid' }),
  rawId: base64url(1400).min(1, { error: 'invalid' }),
  type: z.literal('public-key', { error: 'invalid' }),
  response: z.object({
    clientDataJSON: base64url(4000),
    attestationObject: base64url(40_000),
    transports: z.array(transportSchema).max(8).optional(),
    authenticatorData: base64url(20_000).optional(),
    publicKey: base64url(4000).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  // No extensions are asked for: whatever the browser says is dropped.
  clientExtensionResults: z.unknown().transform(() => ({})),
});
export type RegistrationCredential = z.input<typeof registrationCredentialSchema>;

/** What the browser's navigator.credentials.get() gave. */
export const authenticationCredentialSchema = z.object({
  id: base64url(1400).min(1, { error: 'invalid' }),
  rawId: base64url(1400).min(1, { error: 'invalid' }),
  type: z.literal('public-key', { error: 'invalid' }),
  response: z.object({
    clientDataJSON: base64url(4000),
    authenticatorData: base64url(20_000),
    signature: base64url(2000),
    userHandle: base64url(200).optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  // No extensions are asked for: whatever the browser says is dropped.
  clientExtensionResults: z.unknown().transform(() => ({})),
});
export type AuthenticationCredential = z.input<typeof authenticationCredentialSchema>;

/**
 * The options for navigator.credentials.create() / .get(), as the server made them; the browser
 * library reads them (its own types), so they pass through as they are.
 */
export const passkeyOptionsResponseSchema = z.object({
  options: z.record(z.string(), z.unknown()),
});
export type PasskeyOptionsResponse = z.infer<typeof passkeyOptionsResponseSchema>;

export const passkeySchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type Passkey = z.infer<typeof passkeySchema>;

/** GET /api/profile/passkeys */
export const passkeyListSchema = z.object({ passkeys: z.array(passkeySchema) });
export type PasskeyList = z.infer<typeof passkeyListSchema>;

/** POST /api/profile/passkeys: the browser's new credential, and the name to show it by. */
export const addPasskeyRequestSchema = z.strictObject({
  credential: registrationCredentialSchema,
  name: z
    .string({ error: 'invalid' })
    .trim()
    .max(PASSKEY_NAME_MAX, { error: validationMessage('tooLong', { max: PASSKEY_NAME_MAX }) })
    .optional(),
  language: mailLanguageSchema.optional(),
});
export type AddPasskeyRequest = z.input<typeof addPasskeyRequestSchema>;

/** DELETE /api/profile/passkeys/:id */
export const passkeyParamsSchema = z.object({ id: z.uuid({ error: 'invalid' }) });
export const removePasskeyQuerySchema = z.strictObject({
  language: mailLanguageSchema.optional(),
});

/**
 * POST /api/auth/sign-in/passkey-options: with no challenge, for a sign-in with a passkey alone
 * (any of this site's passkeys the device holds); with the password step's challenge, for its
 * second step (that user's passkeys only).
 */
export const signInPasskeyOptionsRequestSchema = z.strictObject({
  challenge: signInChallengeSchema.optional(),
});
export type SignInPasskeyOptionsRequest = z.input<typeof signInPasskeyOptionsRequestSchema>;

/** POST /api/auth/sign-in/passkey: a passkey alone signs in. */
export const passkeySignInRequestSchema = z.strictObject({
  credential: authenticationCredentialSchema,
  language: mailLanguageSchema.optional(),
});
export type PasskeySignInRequest = z.input<typeof passkeySignInRequestSchema>;

/** POST /api/auth/sign-in/second-factor/passkey: a passkey instead of the code. */
export const passkeySecondFactorRequestSchema = z.strictObject({
  challenge: signInChallengeSchema,
  credential: authenticationCredentialSchema,
  language: mailLanguageSchema.optional(),
});
export type PasskeySecondFactorRequest = z.input<typeof passkeySecondFactorRequestSchema>;

/** POST /api/auth/step-up/passkey: a passkey instead of a code proves the session again. */
export const passkeyStepUpRequestSchema = z.strictObject({
  credential: authenticationCredentialSchema,
});
export type PasskeyStepUpRequest = z.input<typeof passkeyStepUpRequestSchema>;
