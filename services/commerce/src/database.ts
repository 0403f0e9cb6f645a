import { type DataSourceConfig } from '@portal/db';
import { eventEntities } from '@portal/events';
import { commerceMigrations } from './migrations';
import { OrderItemEntity } from './orders/order-item.entity';
import { OrderEntity } from './orders/order.entity';
import { PackageEntity } from './packages/package.entity';

export const commerceEntities = [PackageEntity, OrderEntity, OrderItemEntity, ...eventEntities];

/** How commerce connects to its database, for the app and `seed` alike. */
export function commerceDatabase(url: string): DataSourceConfig {
  return { url, entities: commerceEntities, migrations: commerceMigrations, applicationName: 'commerce' };
}
