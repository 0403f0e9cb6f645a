import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { type ServiceHarness, startServiceHarness } from '@portal/testing';
import { type AppConfig, AppModule } from '../app.module';
import type { AuthConfig } from '../config';
import { identityEntities } from '../database';
import { seedFeatures } from '../features/features.seed';
import { identityMigrations } from '../migrations';

/** A fresh ES256 private key as PKCS#8 PEM, as JWT_SIGNING_KEY holds it. */
export function generateSigningKeyPem(): string {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
}

export function testAuthConfig(overrides: Partial<AuthConfig> = {}): AuthConfig {
  return {
    signingKeyPem: generateSigningKeyPem(),
    tokenTtlSeconds: 60 * 60,
    loginFailureLimit: 10,
    loginWindowSeconds: 15 * 60,
    addressFailureLimit: 50,
    emailFailureLimit: 50,
    emailWindowSeconds: 60 * 60,
    registerLimitPerHour: 1000,
    publicSiteUrl: 'https://portal.example.com',
    resetEmailLimitPerHour: 5,
    resetAddressLimitPerHour: 1000,
    verificationMailLimitPerHour: 5,
    ...overrides,
  };
}

/**
 * Identity on a throwaway database, migrated and seeded, listening on a random port, sealing secrets
 * with `encryptionKey` (a random one unless given).
 */
export function startIdentity(
  options: {
    natsUrl?: string;
    seed?: boolean;
    auth?: Partial<AuthConfig>;
    encryptionKey?: Buffer;
    /** Reads ticket events from the test's own stream (see `startTestEventSpace`); unset, none are read. */
    ticketEvents?: AppConfig['ticketEvents'];
  } = {},
): Promise<ServiceHarness> {
  const auth = testAuthConfig(options.auth);
  const encryptionKey = options.encryptionKey ?? randomBytes(32);
  return startServiceHarness({
    name: 'identity',
    createModule: (config) =>
      // No ticket events unless the test names its own stream: a durable consumer of the real
      // `PORTAL` stream, named after the throwaway database, would outlive the test.
      AppModule.forRoot({ ...config, auth, encryptionKey, ticketEvents: options.ticketEvents ?? {} }),
    migrations: identityMigrations,
    entities: identityEntities,
    natsUrl: options.natsUrl,
    prepare: options.seed === false ? undefined : async (dataSource) => void (await seedFeatures(dataSource)),
  });
}
