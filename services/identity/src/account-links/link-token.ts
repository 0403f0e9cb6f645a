import { createHash, randomBytes } from 'node:crypto';

/** A token for a mail link: 32 random bytes as base64url (43 characters). */
export function newLinkToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What `account_tokens` keeps of a link's token: its SHA-256, 64 hex characters. */
export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
