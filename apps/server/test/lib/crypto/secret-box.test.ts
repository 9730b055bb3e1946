import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SecretBox } from '@server/lib/crypto/secret-box';

describe('SecretBox', () => {
  const box = new SecretBox(randomBytes(32));

  it('opens what it sealed for the same record', () => {
    const sealed = box.seal('merchant secret 비밀', 'record-1');
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]*$/);
    expect(sealed).not.toContain('merchant secret');
    expect(box.open(sealed, 'record-1')).toBe('merchant secret 비밀');
  });

  it('refuses a ciphertext moved to another record', () => {
    const sealed = box.seal('link-token', 'record-1');
    expect(() => box.open(sealed, 'record-2')).toThrow();
  });

  it('refuses a tampered ciphertext, tag or iv', () => {
    const sealed = box.seal('link-token', 'record-1');
    const parts = sealed.split('.');
    for (const index of [1, 2, 3]) {
      const tampered = [...parts];
      const bytes = Buffer.from(tampered[index]!, 'base64url');
      bytes[0] = bytes[0]! ^ 0x01;
      tampered[index] = bytes.toString('base64url');
      expect(() => box.open(tampered.join('.'), 'record-1')).toThrow();
    }
    expect(() => box.open('v2.a.b.c', 'record-1')).toThrow('Not a sealed secret.');
    expect(() => box.open('garbage', 'record-1')).toThrow();
  });

  it('refuses a tag cut short, which GCM alone would check on fewer bits', () => {
    const sealed = box.seal('link-token', 'record-1');
    const [version, iv, tag, ciphertext] = sealed.split('.');
    for (const bytes of [4, 8, 12, 15]) {
      const short = Buffer.from(tag!, 'base64url').subarray(0, bytes).toString('base64url');
      expect(() => box.open([version, iv, short, ciphertext].join('.'), 'record-1')).toThrow(
        'Not a sealed secret.',
      );
    }
  });

  it('refuses what another key sealed', () => {
    const other = new SecretBox(randomBytes(32));
    expect(() => other.open(box.seal('secret', 'record-1'), 'record-1')).toThrow();
  });

  it('uses a fresh IV each time', () => {
    const first = box.seal('same', 'record-1');
    const second = box.seal('same', 'record-1');
    expect(first).not.toBe(second);
    expect(first.split('.')[1]).not.toBe(second.split('.')[1]);
    expect(box.open(second, 'record-1')).toBe('same');
  });

  it('only takes 32-byte keys', () => {
    expect(() => new SecretBox(randomBytes(16))).toThrow('32 bytes');
  });
});
