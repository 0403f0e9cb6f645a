// Keys the local stack needs but a developer should not have to make: identity's token signing key
// and crm's encryption key. Deployments pass them in the environment; `npm start` without them
// generates each once and keeps it under .data/keys, so tokens stay valid and sealed secrets stay
// readable across restarts of the local stack.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export function generateSigningKeyPem() {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
}

/** `env[envName]` when set; else the key in `<rootDir>/.data/keys/<file>`, made by `generate` on first use. */
function provideLocalKey({ rootDir, log, env, envName, file, generate }) {
  if (env[envName]) return env[envName];
  const keyFile = path.join(rootDir, '.data', 'keys', file);
  if (fs.existsSync(keyFile)) return fs.readFileSync(keyFile, 'utf8');
  // Only the keys folder is private: a recursive mkdir would make .data private too, and the
  // embedded PostgreSQL (run as another user when we are root) must reach .data/postgres.
  fs.mkdirSync(path.dirname(path.dirname(keyFile)), { recursive: true });
  fs.mkdirSync(path.dirname(keyFile), { recursive: true, mode: 0o700 });
  const key = generate();
  fs.writeFileSync(keyFile, key, { mode: 0o600 });
  log(`generated a local ${envName} in ${path.relative(rootDir, keyFile)}`);
  return key;
}

/** identity's ES256 key (JWT_SIGNING_KEY, PKCS#8 PEM). */
export function provideSigningKey({ rootDir, log, env = process.env }) {
  return provideLocalKey({
    rootDir,
    log,
    env,
    envName: 'JWT_SIGNING_KEY',
    file: 'jwt-signing-key.pem',
    generate: generateSigningKeyPem,
  });
}

/** crm's AES-256 key for integrations' secrets (CRM_ENCRYPTION_KEY, 32 bytes in base64). */
export function provideEncryptionKey({ rootDir, log, env = process.env }) {
  return provideLocalKey({
    rootDir,
    log,
    env,
    envName: 'CRM_ENCRYPTION_KEY',
    file: 'crm-encryption-key',
    generate: () => randomBytes(32).toString('base64'),
  });
}
