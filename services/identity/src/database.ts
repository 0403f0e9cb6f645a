import { type DataSourceConfig } from '@portal/db';
import { eventEntities } from '@portal/events';
import { ApiKeyEntity } from './developers/api-key.entity';
import { FeatureEntity } from './features/feature.entity';
import { MembershipEntity } from './memberships/membership.entity';
import { identityMigrations } from './migrations';
import { OrganizationEntity } from './organizations/organization.entity';
import { UserEntity } from './users/user.entity';

export const identityEntities = [
  ApiKeyEntity,
  FeatureEntity,
  MembershipEntity,
  OrganizationEntity,
  UserEntity,
  ...eventEntities,
];

/** How identity connects to its database, for the app, `migrate` and `seed` alike. */
export function identityDatabase(url: string): DataSourceConfig {
  return { url, entities: identityEntities, migrations: identityMigrations, applicationName: 'identity' };
}
