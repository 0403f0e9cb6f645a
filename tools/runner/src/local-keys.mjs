// Keys the local stack needs but a developer should not have to make: identity's token signing key,
// identity's and crm's encryption keys, and the demo customer's password and dialer signing secret. Deployments pass
// them in the environment; `npm start` without them generates each once and keeps it under
// .data/keys, so tokens stay valid, sealed secrets stay readable and the demo sign-in stays the same
// across restarts of the local stack, and no install shares another's.
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

/**
 * A service's AES-256 key for the secrets it seals at rest, 32 bytes in base64, under `envName`
 * (`CRM_ENCRYPTION_KEY`: integrations' secrets; `IDENTITY_ENCRYPTION_KEY`: two-factor secrets), kept
 * in `.data/keys/crm-encryption-key` and `.data/keys/identity-encryption-key`: each service its own.
 */
export function provideEncryptionKey({ rootDir, log, env = process.env, envName }) {
  return provideLocalKey({
    rootDir,
    log,
    env,
    envName,
    file: envName.toLowerCase().replace(/_/g, '-'),
    generate: () => randomBytes(32).toString('base64'),
  });
}

/**
 * The demo customer's password and the signing secret of its dialer integration (in crm's `pcs_`
 * format), by the names of the variables the seeds read them from; the runner's demo dialer signs
 * with the latter.
 */
export function provideDemoSecrets({ rootDir, log, env = process.env }) {
  return {
    DEMO_CUSTOMER_PASSWORD: provideLocalKey({
      rootDir,
      log,
      env,
      envName: 'DEMO_CUSTOMER_PASSWORD',
      file: 'demo-customer-password',
      generate: () => randomBytes(15).toString('base64url'),
    }),
    DEMO_DIALER_SIGNING_SECRET: provideLocalKey({
      rootDir,
      log,
      env,
      envName: 'DEMO_DIALER_SIGNING_SECRET',
      file: 'demo-dialer-signing-secret',
      generate: () => `pcs_${randomBytes(32).toString('base64url')}`,
    }),
  };
}
