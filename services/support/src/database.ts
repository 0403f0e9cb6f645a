import { type DataSourceConfig } from '@portal/db';
import { eventEntities } from '@portal/events';
import { supportMigrations } from './migrations';
import { TicketEntity } from './tickets/ticket.entity';

export const supportEntities = [TicketEntity, ...eventEntities];

/** How support connects to its database, for the app and `seed` alike. */
export function supportDatabase(url: string): DataSourceConfig {
  return { url, entities: supportEntities, migrations: supportMigrations, applicationName: 'support' };
}
