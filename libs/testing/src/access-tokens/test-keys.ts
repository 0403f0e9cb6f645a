import { randomUUID } from 'node:crypto';
import {
  ACCESS_TOKEN_ALGORITHM,
  ACCESS_TOKEN_AUDIENCE,
  ACCESS_TOKEN_ISSUER,
  API_ACCESS_TOKEN_AUDIENCE,
  API_ACCESS_TOKEN_LIFETIME_SECONDS,
  type AccessTokenClaims,
  type ApiAccessTokenClaims,
  apiKeyScopes,
} from '@portal/contracts';
import {
  type CryptoKey,
  exportJWK,
  exportSPKI,
  generateKeyPair,
  type JWK,
  SignJWT,
  UnsecuredJWT,
} from 'jose';

/** An ES256 key pair as identity holds one: the private key signs, the public JWK is published. */
export interface TestKey {
  kid: string;
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  jwk: JWK;
}

export async function createTestKey(kid: string): Promise<TestKey> {
  const { privateKey, publicKey } = await generateKeyPair(ACCESS_TOKEN_ALGORITHM);
  const jwk = { ...(await exportJWK(publicKey)), kid, alg: ACCESS_TOKEN_ALGORITHM, use: 'sig' };
  return { kid, privateKey, publicKey, jwk };
}

export type Claims = Omit<AccessTokenClaims, 'role'> & { role: string };

/**
 * Claims of a fresh 15-minute token for a new customer session, the owner of a new organization;
 * `overrides` replace any of them.
 */
export function claimsFor(overrides: Partial<Claims> = {}): Claims {
  const now = Math.floor(Date.now() / 1000);
  return {
    sub: randomUUID(),
    sid: randomUUID(),
    role: 'customer',
    org: randomUUID(),
    orgRole: 'owner',
    mv: 1,
    iss: ACCESS_TOKEN_ISSUER,
    aud: ACCESS_TOKEN_AUDIENCE,
    iat: now,
    exp: now + 15 * 60,
    ...overrides,
  };
}

/** Signs `claims` with `key` (ES256), the header naming `kid` (default: the key's own). */
export function signToken(key: TestKey, claims: Claims = claimsFor(), kid = key.kid): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: ACCESS_TOKEN_ALGORITHM, kid }).sign(key.privateKey);
}

/**
 * Claims of a fresh API token, as identity mints one for a key the gateway exchanged: a new key
 * (`sub`) of a new organization, with every scope, created by a new member; `overrides` replace any.
 */
export function apiTokenClaimsFor(overrides: Partial<ApiAccessTokenClaims> = {}): ApiAccessTokenClaims {
  const now = Math.floor(Date.now() / 1000);
  return {
    sub: randomUUID(),
    org: randomUUID(),
    scp: [...apiKeyScopes],
    usr: randomUUID(),
    iss: ACCESS_TOKEN_ISSUER,
    aud: API_ACCESS_TOKEN_AUDIENCE,
    iat: now,
    exp: now + API_ACCESS_TOKEN_LIFETIME_SECONDS,
    ...overrides,
  };
}

/** Signs API token `claims` with `key` (ES256), the header naming the key's `kid`. */
export function signApiToken(
  key: TestKey,
  claims: ApiAccessTokenClaims = apiTokenClaimsFor(),
): Promise<string> {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: ACCESS_TOKEN_ALGORITHM, kid: key.kid })
    .sign(key.privateKey);
}

/** `alg: none`: no signature at all. */
export function unsignedToken(claims: Claims = claimsFor()): string {
  return new UnsecuredJWT(claims).encode();
}

/** The key-confusion attack: HS256 with the (public) PEM of `key` as the HMAC secret. */
export async function hs256WithPublicKey(key: TestKey, claims: Claims = claimsFor()): Promise<string> {
  const secret = new TextEncoder().encode(await exportSPKI(key.publicKey));
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', kid: key.kid }).sign(secret);
}

/** `token` with its payload rewritten and its signature kept. */
export function tamper(token: string, change: Partial<Claims>): string {
  const [header, payload, signature] = token.split('.');
  const claims = { ...JSON.parse(Buffer.from(payload, 'base64url').toString()), ...change };
  return [header, Buffer.from(JSON.stringify(claims)).toString('base64url'), signature].join('.');
}
