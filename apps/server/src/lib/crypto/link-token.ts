import { createHash, randomBytes } from 'node:crypto';

/**
 * The token of a link mailed to prove a mailbox (password reset, email confirmation): 32 random
 * bytes, base64url, of which only the SHA-256 is stored, so a copy of the table opens nothing
 * (docs/SECURITY.md "Password reset by email", docs/decisions/027).
 */
export function newLinkToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: linkTokenHash(token) };
}

export function linkTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
