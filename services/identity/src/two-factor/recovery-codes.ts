import { createHash, randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@portal/contracts';

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
const DIGITS = '0123456789';
const RECOVERY_CODE = /^[a-z]{5}-?[0-9]{5}$/;

const pick = (alphabet: string, length: number) =>
  Array.from({ length }, () => alphabet[randomInt(alphabet.length)]).join('');

/** A recovery code as shown once: `abcde-12345` (about 40 random bits). */
const newRecoveryCode = () => `${pick(LETTERS, 5)}-${pick(DIGITS, 5)}`;

/** The account's 10 new recovery codes, all different. */
export function newRecoveryCodes(): string[] {
  const codes = new Set<string>();
  while (codes.size < RECOVERY_CODE_COUNT) codes.add(newRecoveryCode());
  return [...codes];
}

/**
 * The code as typed, in the shown form (`abcde-12345`: case, spaces and a missing hyphen do not
 * matter), or null when it cannot be a recovery code.
 */
export function normalizeRecoveryCode(typed: string): string | null {
  const code = typed.replace(/\s+/g, '').toLowerCase();
  if (!RECOVERY_CODE.test(code)) return null;
  return code.includes('-') ? code : `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** What is stored of a recovery code: its SHA-256, in hex (the code is random enough not to need a slow hash). */
export const hashRecoveryCode = (code: string): string => createHash('sha256').update(code).digest('hex');
