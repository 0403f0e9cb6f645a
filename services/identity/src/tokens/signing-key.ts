import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { ACCESS_TOKEN_ALGORITHM } from '@portal/contracts';
import { calculateJwkThumbprint, type JWK } from 'jose';

export interface SigningKey {
  kid: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
  /** What the JWKS publishes: the public half only. */
  publicJwk: JWK;
}

/**
 * Loads identity's ES256 key from its PKCS#8 PEM. The `kid` is the key's RFC 7638 thumbprint, so it
 * changes exactly when the key does and verifiers pick the right key during a rotation.
 */
export async function loadSigningKey(pem: string): Promise<SigningKey> {
  const privateKey = createPrivateKey({ key: pem, format: 'pem' });
  if (privateKey.asymmetricKeyType !== 'ec' || privateKey.asymmetricKeyDetails?.namedCurve !== 'prime256v1') {
    throw new Error('JWT_SIGNING_KEY must be an EC P-256 private key (ES256)');
  }
  const publicKey = createPublicKey(privateKey);
  const { kty, crv, x, y } = publicKey.export({ format: 'jwk' });
  const kid = await calculateJwkThumbprint({ kty, crv, x, y });
  return { kid, privateKey, publicKey, publicJwk: { kty, crv, x, y, kid, alg: ACCESS_TOKEN_ALGORITHM, use: 'sig' } };
}
