/**
 * What an `Authorization` header carries: no bearer credentials at all (no header, another scheme, or
 * `Bearer` with nothing after it), a bearer token of the JWT shape, or anything else after `Bearer`.
 */
export type BearerCredentials = { kind: 'none' } | { kind: 'token'; token: string } | { kind: 'malformed' };

// RFC 6750's `Bearer 1*SP b64token`, narrowed to what identity issues: one space, then the three
// base64url parts of a JWS in compact form, and nothing after it.
const BEARER_JWT = /^Bearer ([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)$/i;
const BEARER_SCHEME = /^Bearer(?:\s|$)/i;

/** Reads `Authorization` strictly: `Bearer <token> trailing`, tabs or two spaces are malformed. */
export function parseBearer(authorization: string | undefined): BearerCredentials {
  const header = authorization ?? '';
  const token = BEARER_JWT.exec(header)?.[1];
  if (token) return { kind: 'token', token };
  if (!BEARER_SCHEME.test(header) || header.slice('Bearer'.length).trim() === '') return { kind: 'none' };
  return { kind: 'malformed' };
}

/** The request's well-formed bearer token, or null. */
export function bearerToken(request: { headers: { authorization?: string } }): string | null {
  const credentials = parseBearer(request.headers.authorization);
  return credentials.kind === 'token' ? credentials.token : null;
}
