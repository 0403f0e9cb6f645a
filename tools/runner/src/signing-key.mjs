// Identity signs access tokens with an ES256 key that only it holds. Deployments pass it in
// JWT_SIGNING_KEY; `npm start` without one generates a key once and keeps it under .data/keys, so
// tokens stay valid across restarts of the local stack.
import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export function generateSigningKeyPem() {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
}

/** JWT_SIGNING_KEY when set; else the local key in `<rootDir>/.data/keys`, created on first use. */
export function provideSigningKey({ rootDir, log, env = process.env }) {
  if (env.JWT_SIGNING_KEY) return env.JWT_SIGNING_KEY;
  const file = path.join(rootDir, '.data', 'keys', 'jwt-signing-key.pem');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8');
  // Only the keys folder is private: a recursive mkdir would make .data private too, and the
  // embedded PostgreSQL (run as another user when we are root) must reach .data/postgres.
  fs.mkdirSync(path.dirname(path.dirname(file)), { recursive: true });
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const pem = generateSigningKeyPem();
  fs.writeFileSync(file, pem, { mode: 0o600 });
  log(`generated a local token signing key in ${path.relative(rootDir, file)}`);
  return pem;
}
