import { type ServiceHarness, startServiceHarness } from '@portal/testing';
import { AppModule } from '../app.module';
import { identityEntities } from '../database';
import { seedFeatures } from '../features/features.seed';
import { identityMigrations } from '../migrations';

/** Identity on a throwaway database, migrated and seeded, listening on a random port. */
export function startIdentity(options: { natsUrl?: string; seed?: boolean } = {}): Promise<ServiceHarness> {
  return startServiceHarness({
    name: 'identity',
    createModule: (config) => AppModule.forRoot(config),
    migrations: identityMigrations,
    entities: identityEntities,
    natsUrl: options.natsUrl,
    prepare: options.seed === false ? undefined : async (dataSource) => void (await seedFeatures(dataSource)),
  });
}
