import { InitialSchema1764000000000 } from './1764000000000-InitialSchema';
import { TicketLimitsAndQueue1764200000000 } from './1764200000000-TicketLimitsAndQueue';
import { TicketsOwnedByOrganizations1765000000000 } from './1765000000000-TicketsOwnedByOrganizations';
import { TicketConversations1766100000000 } from './1766100000000-TicketConversations';
import { AgentsAndPublicApi1766500000000 } from './1766500000000-AgentsAndPublicApi';
import { OutboxTraceContext1767000000000 } from '@portal/events';
import { LiveChat1767600000000 } from './1767600000000-LiveChat';
import { ServiceStatus1767700000000 } from './1767700000000-ServiceStatus';

/** support's migrations, oldest first. Add new ones at the end. */
export const supportMigrations = [
  InitialSchema1764000000000,
  TicketLimitsAndQueue1764200000000,
  TicketsOwnedByOrganizations1765000000000,
  TicketConversations1766100000000,
  AgentsAndPublicApi1766500000000,
  OutboxTraceContext1767000000000,
  LiveChat1767600000000,
  ServiceStatus1767700000000,
];
