import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A software authenticator for tests (docs/decisions/025): an ES256 key pair from node:crypto,
 * answering navigator.credentials.create() with attestation "none" and .get() with a signed
 * assertion, as a phone or a laptop's platform authenticator would (user present and verified).
 * What a test spoils (origin, RP id, counter, challenge) is given to the call that spoils it.
 */

type CBOR = Parameters<typeof isoCBOR.encode>[0];

const b64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

interface Ceremony {
  origin: string;
  rpId: string;
}

export interface AnswerOptions {
  origin?: string;
  rpId?: string;
  /** The challenge to answer, instead of the one the options gave. */
  challenge?: string;
  userVerified?: boolean;
}

export class SoftwareAuthenticator {
  readonly credentialId = randomBytes(16);
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;
  private userHandle: string | null = null;
  counter = 0;

  constructor(private readonly ceremony: Ceremony) {
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = pair.privateKey;
    this.publicKey = pair.publicKey;
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  private clientData(type: string, challenge: string, origin: string) {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  private flags(userVerified: boolean, attested: boolean) {
    // UP, UV, BE+BS (a synced passkey), AT when a credential is attached.
    return 0x01 | (userVerified ? 0x04 : 0) | 0x08 | 0x10 | (attested ? 0x40 : 0);
  }

  private counterBytes() {
    const bytes = Buffer.alloc(4);
    bytes.writeUInt32BE(this.counter);
    return bytes;
  }

  private coseKey(): Uint8Array {
    const jwk = this.publicKey.export({ format: 'jwk' });
    const key = new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, new Uint8Array(Buffer.from(jwk.x!, 'base64url'))],
      [-3, new Uint8Array(Buffer.from(jwk.y!, 'base64url'))],
    ]);
    return isoCBOR.encode(key);
  }

  /** The answer to registration options (a create()). */
  register(options: Record<string, unknown>, spoil: AnswerOptions = {}) {
    const user = options.user as { id: string };
    this.userHandle = user.id;
    const rpId = spoil.rpId ?? this.ceremony.rpId;
    const challenge = spoil.challenge ?? (options.challenge as string);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([this.flags(spoil.userVerified ?? true, true)]),
      this.counterBytes(),
      Buffer.alloc(16),
      idLength,
      this.credentialId,
      Buffer.from(this.coseKey()),
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, CBOR>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', new Uint8Array(authData)],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(
          this.clientData('webauthn.create', challenge, spoil.origin ?? this.ceremony.origin),
        ),
        attestationObject: b64url(attestationObject),
        transports: ['internal' as const, 'hybrid' as const],
      },
      authenticatorAttachment: 'platform' as const,
      clientExtensionResults: {},
    };
  }

  /** The answer to authentication options (a get()); the counter goes up first, as a key's does. */
  authenticate(options: Record<string, unknown>, spoil: AnswerOptions & { counter?: number } = {}) {
    this.counter = spoil.counter ?? this.counter + 1;
    const rpId = spoil.rpId ?? this.ceremony.rpId;
    const challenge = spoil.challenge ?? (options.challenge as string);
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([this.flags(spoil.userVerified ?? true, false)]),
      this.counterBytes(),
    ]);
    const clientDataJSON = this.clientData(
      'webauthn.get',
      challenge,
      spoil.origin ?? this.ceremony.origin,
    );
    const signature = sign(
      'sha256',
      Buffer.concat([authData, sha256(clientDataJSON)]),
      this.privateKey,
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        ...(this.userHandle ? { userHandle: this.userHandle } : {}),
      },
      authenticatorAttachment: 'platform' as const,
      clientExtensionResults: {},
    };
  }
}
