import { Secret, TOTP } from 'otpauth';
import { toString as qrCodeToString } from 'qrcode';

/** The name authenticator apps show above the account's codes. */
export const TOTP_ISSUER = 'Millstone CX';

// RFC 6238 as authenticator apps expect it: HMAC-SHA-1, 6 digits, a new code every 30 seconds.
const ALGORITHM = 'SHA1';
const DIGITS = 6;
const PERIOD_SECONDS = 30;
/** A code of the step before or after the current one is taken too (a phone's clock a little off). */
const DRIFT_STEPS = 1;
/** 160 bits, the HMAC-SHA-1 key size RFC 4226 recommends (32 base32 characters). */
const SECRET_BYTES = 20;

const totpFor = (base32: string, label = '') =>
  new TOTP({
    issuer: TOTP_ISSUER,
    label,
    secret: Secret.fromBase32(base32),
    algorithm: ALGORITHM,
    digits: DIGITS,
    period: PERIOD_SECONDS,
  });

/** A new random TOTP secret, in base32 as apps take it typed in. */
export const newTotpSecret = (): string => new Secret({ size: SECRET_BYTES }).base32;

/** The `otpauth://totp/Millstone%20CX:<email>?…` URL an app reads from the QR code. */
export const totpUrl = (base32: string, email: string): string => totpFor(base32, email).toString();

/** The URL as a QR code, an `<svg>` document. */
export const qrCodeSvg = (url: string): Promise<string> =>
  qrCodeToString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });

/** The time step (30 s periods since the epoch) of `timestamp`. */
export const totpStep = (timestamp = Date.now()): number =>
  TOTP.counter({ period: PERIOD_SECONDS, timestamp });

/** The code of a step: what the app shows then (tests and nothing else need it). */
export const totpCode = (base32: string, step = totpStep()): string =>
  totpFor(base32).generate({ timestamp: step * PERIOD_SECONDS * 1000 });

/** The step whose code `code` is, within a step of drift of `timestamp`; null when it is none of them. */
export function matchTotpStep(base32: string, code: string, timestamp = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpFor(base32).validate({ token: code, timestamp, window: DRIFT_STEPS });
  return delta === null ? null : totpStep(timestamp) + delta;
}
