import {
  type Claims,
  claimsFor,
  createTestKey,
  JwksServer,
  type ServiceHarness,
  signToken,
  startServiceHarness,
} from '@portal/testing';
import { AppModule } from '../app.module';
import { supportEntities } from '../database';
import { supportMigrations } from '../migrations';

export interface Customer {
  id: string;
  organizationId: string | null;
  token: string;
}

export interface SupportStack {
  service: ServiceHarness;
  /**
   * A signed-in user of identity's (default: a customer in an organization of their own): a fresh
   * ES256 token from the key identity's JWKS publishes. `claims` override any claim, e.g. `{ org: null }`.
   */
  signIn(role?: string, claims?: Partial<Claims>): Promise<Customer>;
  close(): Promise<void>;
}

/**
 * support on a throwaway database, migrated, verifying tokens against a JWKS of a test key (as
 * identity publishes it). Events wait in the outbox (no NATS unless `natsUrl` is given).
 */
export async function startSupport(options: { natsUrl?: string } = {}): Promise<SupportStack> {
  const key = await createTestKey('support-test');
  const jwks = new JwksServer([key.jwk]);
  await jwks.start();
  const service = await startServiceHarness({
    name: 'support',
    createModule: (config) => AppModule.forRoot({ ...config, identityUrl: jwks.baseUrl }),
    migrations: supportMigrations,
    entities: supportEntities,
    natsUrl: options.natsUrl,
  }).catch(async (error: unknown) => {
    await jwks.stop();
    throw error;
  });
  return {
    service,
    async signIn(role = 'customer', overrides = {}) {
      const claims = claimsFor({ ...overrides, role });
      return { id: claims.sub, organizationId: claims.org, token: await signToken(key, claims) };
    },
    async close() {
      await service.close();
      await jwks.stop();
    },
  };
}
