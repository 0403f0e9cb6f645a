import { randomBytes } from 'node:crypto';
import {
  claimsFor,
  createTestKey,
  JwksServer,
  type ServiceHarness,
  signToken,
  startServiceHarness,
} from '@portal/testing';
import { AppModule } from '../app.module';
import type { LeadLimits } from '../config';
import { crmEntities } from '../database';
import { crmMigrations } from '../migrations';
import { SecretBox } from '../secrets/secret-box';

export interface SignedInUser {
  id: string;
  organizationId: string | null;
  token: string;
}

export interface CrmHarness extends ServiceHarness {
  /** Opens what the service sealed: the key the service runs with. */
  secrets: SecretBox;
  /** A signed-in user of identity's (default role customer): a fresh ES256 token from the JWKS key. */
  signIn(role?: string): Promise<SignedInUser>;
}

/**
 * crm on a throwaway database, migrated, listening on a random port, verifying tokens against a
 * JWKS of a test key (as identity publishes it) and sealing secrets with a random key.
 */
export async function startCrm(
  options: { natsUrl?: string; limits?: Partial<LeadLimits> } = {},
): Promise<CrmHarness> {
  const limits: LeadLimits = { contactPer10Minutes: 1000, newsletterPer10Minutes: 1000, ...options.limits };
  const encryptionKey = randomBytes(32);
  const key = await createTestKey('crm-test');
  const jwks = new JwksServer([key.jwk]);
  await jwks.start();
  const service = await startServiceHarness({
    name: 'crm',
    createModule: (config) =>
      AppModule.forRoot({ ...config, identityUrl: jwks.baseUrl, encryptionKey, limits }),
    migrations: crmMigrations,
    entities: crmEntities,
    natsUrl: options.natsUrl,
  }).catch(async (error: unknown) => {
    await jwks.stop();
    throw error;
  });
  return {
    ...service,
    secrets: new SecretBox(encryptionKey),
    async signIn(role = 'customer') {
      const claims = claimsFor({ role });
      return { id: claims.sub, organizationId: claims.org, token: await signToken(key, claims) };
    },
    async close() {
      await service.close();
      await jwks.stop();
    },
  };
}
