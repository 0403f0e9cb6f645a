import { createHash, randomBytes } from 'node:crypto';

/**
 * The manage link's token: 32 random bytes (256 bits) in base64url, sent only in the booking's mails.
 * The database keeps its SHA-256, so a copy of the table opens no booking.
 */
export function newBookingToken(): { token: string; hash: Buffer } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: bookingTokenHash(token) };
}

export const bookingTokenHash = (token: string): Buffer =>
  createHash('sha256').update(token, 'utf8').digest();

/** What a token looks like; anything else is not looked up. */
export const isBookingToken = (token: string) => /^[A-Za-z0-9_-]{43}$/.test(token);
