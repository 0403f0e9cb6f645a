import { type DataSourceConfig } from '@portal/db';
import { eventEntities } from '@portal/events';
import { supportMigrations } from './migrations';
import { AgentAssignmentEntity, AgentEntity } from './agents/agent.entity';
import { TicketEntity } from './tickets/ticket.entity';

export const supportEntities = [TicketEntity, AgentEntity, AgentAssignmentEntity, ...eventEntities];

/** How support connects to its database, for the app and `seed` alike. */
export function supportDatabase(url: string): DataSourceConfig {
  return { url, entities: supportEntities, migrations: supportMigrations, applicationName: 'support' };
}
