import { type DataSourceConfig } from '@portal/db';
import { eventEntities } from '@portal/events';
import { MetricEntity } from './metrics/metric.entity';
import { kpiMigrations } from './migrations';
import { OrganizationEntity } from './organizations/organization.entity';

export const kpiEntities = [MetricEntity, OrganizationEntity, ...eventEntities];

/** How kpi connects to its database, for the app and `seed` alike. */
export function kpiDatabase(url: string): DataSourceConfig {
  return { url, entities: kpiEntities, migrations: kpiMigrations, applicationName: 'kpi' };
}
