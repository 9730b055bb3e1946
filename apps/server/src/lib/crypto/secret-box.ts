import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Encrypts secrets kept at rest (merchant link tokens, merchant API secrets) with AES-256-GCM:
 * a random 96-bit IV per record, and the record's id as associated data, so a ciphertext copied
 * onto another row does not decrypt. Format: `v1.<iv>.<tag>.<ciphertext>`, base64url parts.
 */
const TAG_BYTES = 16;

export class SecretBox {
  private readonly key: Buffer;

  constructor(key: Buffer) {
    if (key.length !== 32) throw new Error('The encryption key must be 32 bytes (AES-256).');
    this.key = key;
  }

  seal(plaintext: string, recordId: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(recordId, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    const tag = cipher.getAuthTag();
    return ['v1', iv, tag, ciphertext]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
  }

  /** Throws when the ciphertext was altered, belongs to another record, or another key made it. */
  open(sealed: string, recordId: string): string {
    const [version, iv, tag, ciphertext] = sealed.split('.');
    if (version !== 'v1' || !iv || !tag || ciphertext === undefined) {
      throw new Error('Not a sealed secret.');
    }
    // The tag's full 16 bytes, always: GCM would otherwise accept a tag cut short, and a 4-byte
    // tag is guessed in a few billion tries.
    const authTag = Buffer.from(tag, 'base64url');
    if (authTag.length !== TAG_BYTES) throw new Error('Not a sealed secret.');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'), {
      authTagLength: TAG_BYTES,
    });
    decipher.setAAD(Buffer.from(recordId, 'utf8'));
    decipher.setAuthTag(authTag);
    return Buffer.concat([
      decipher.update(Buffer.from(ciphertext, 'base64url')),
      decipher.final(),
    ]).toString('utf8');
  }
}
