// Access tokens made by hand: the genuine shape (ES256, identity's claims) and every forgery the
// services must refuse. Node's crypto only, so nothing here shares code with what it tests.
import { createHmac, createPrivateKey, createPublicKey, generateKeyPairSync, sign } from 'node:crypto';

const b64url = (value) =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

export function decodeJwt(token) {
  const [header, payload] = token.split('.');
  return {
    header: JSON.parse(Buffer.from(header, 'base64url').toString()),
    payload: JSON.parse(Buffer.from(payload, 'base64url').toString()),
  };
}

/** An ES256 JWS over header and payload with `privateKeyPem` (P-256). */
export function signEs256(header, payload, privateKeyPem) {
  const input = `${b64url(header)}.${b64url(payload)}`;
  const signature = sign('sha256', Buffer.from(input), {
    key: createPrivateKey(privateKeyPem),
    dsaEncoding: 'ieee-p1363',
  });
  return `${input}.${signature.toString('base64url')}`;
}

export function signHs256(header, payload, secret) {
  const input = `${b64url(header)}.${b64url(payload)}`;
  return `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;
}

export function unsigned(header, payload, signature = '') {
  return `${b64url(header)}.${b64url(payload)}.${signature}`;
}

/**
 * Forged tokens about the user of `genuine` (a token identity issued), given identity's JWKS and the
 * stack's real signing key: [name, token][]. Each one must be refused with a 401 everywhere.
 */
export function forgeries({ genuine, jwks, signingKeyPem }) {
  const { header, payload } = decodeJwt(genuine);
  const now = Math.floor(Date.now() / 1000);
  const jwk = jwks.keys.find((key) => key.kid === header.kid) ?? jwks.keys[0];
  const publicPem = createPublicKey({ key: jwk, format: 'jwk' })
    .export({ format: 'pem', type: 'spki' })
    .toString();
  const publicDer = createPublicKey({ key: jwk, format: 'jwk' }).export({ format: 'der', type: 'spki' });
  const otherKey = generateKeyPairSync('ec', { namedCurve: 'P-256' })
    .privateKey.export({ format: 'pem', type: 'pkcs8' })
    .toString();
  // Another role than the token's, a staff one: what a tampered token would ask for.
  const staffPayload = { ...payload, role: payload.role === 'super_admin' ? 'admin' : 'super_admin' };
  const [h, p, s] = genuine.split('.');
  const real = (claims, head = header) => signEs256(head, claims, signingKeyPem);

  return [
    ['alg none, no signature', unsigned({ alg: 'none', typ: 'JWT', kid: header.kid }, payload)],
    ['alg none, staff role', unsigned({ alg: 'none', typ: 'JWT' }, staffPayload)],
    [
      'alg "None" keeping the genuine signature',
      unsigned({ alg: 'None', typ: 'JWT', kid: header.kid }, payload, s),
    ],
    [
      'HS256 keyed with the public key (PEM)',
      signHs256({ alg: 'HS256', typ: 'JWT', kid: header.kid }, payload, publicPem),
    ],
    [
      'HS256 keyed with the public key (PEM, trimmed)',
      signHs256({ alg: 'HS256', typ: 'JWT', kid: header.kid }, staffPayload, publicPem.trim()),
    ],
    [
      'HS256 keyed with the public key (DER)',
      signHs256({ alg: 'HS256', typ: 'JWT', kid: header.kid }, payload, publicDer),
    ],
    [
      'HS256 keyed with the JWK JSON',
      signHs256({ alg: 'HS256', typ: 'JWT', kid: header.kid }, payload, JSON.stringify(jwk)),
    ],
    ['wrong audience (real key)', real({ ...payload, aud: 'another-app' })],
    ['audience list without ours (real key)', real({ ...payload, aud: ['another-app'] })],
    ['wrong issuer (real key)', real({ ...payload, iss: 'someone-else' })],
    ['expired an hour ago (real key)', real({ ...payload, iat: now - 7200, exp: now - 3600 })],
    ['not valid before next hour (real key)', real({ ...payload, nbf: now + 3600 })],
    ['lifetime over the 8 h maximum (real key)', real({ ...payload, iat: now, exp: now + 30 * 24 * 3600 })],
    ['no expiry (real key)', real(Object.fromEntries(Object.entries(payload).filter(([k]) => k !== 'exp')))],
    ['role not in the contract (real key)', real({ ...payload, role: 'root' })],
    ['tampered payload: staff role, genuine signature', `${h}.${b64url(staffPayload)}.${s}`],
    [
      'tampered payload: another subject, genuine signature',
      `${h}.${b64url({ ...payload, sub: '00000000-0000-4000-8000-000000000000' })}.${s}`,
    ],
    ['tampered header: alg HS256, genuine signature', `${b64url({ ...header, alg: 'HS256' })}.${p}.${s}`],
    ['truncated signature', `${h}.${p}.${s.slice(0, -4)}`],
    ['signed by another key under the real kid', signEs256(header, payload, otherKey)],
    [
      'signed by another key under an unknown kid',
      signEs256({ ...header, kid: 'not-a-known-kid' }, staffPayload, otherKey),
    ],
    [
      'jwk header embedding the attacker key',
      signEs256({ ...header, jwk: createPublicKey(otherKey).export({ format: 'jwk' }) }, payload, otherKey),
    ],
    ['garbage', 'not.a.token'],
  ];
}

/** The claims of `genuine`, signed by a key of the attacker's own under a `kid` identity never published. */
export function withMadeUpKid({ genuine, kid }) {
  const { header, payload } = decodeJwt(genuine);
  const attackerKey = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({
    format: 'pem',
    type: 'pkcs8',
  });
  return signEs256({ ...header, kid }, payload, attackerKey.toString());
}

/** A token signed with the real key and exactly the genuine claims: proves the forgeries' only fault. */
export function resigned({ genuine, signingKeyPem }) {
  const { header, payload } = decodeJwt(genuine);
  return signEs256(header, payload, signingKeyPem);
}

/** A genuine-looking token (real key) with `role` for the user and session of `genuine`. */
export function withRole({ genuine, signingKeyPem }, role) {
  const { header, payload } = decodeJwt(genuine);
  return signEs256(header, { ...payload, role }, signingKeyPem);
}
