import { InitialSchema1763870000000 } from './1763870000000-InitialSchema';
import { Integrations1764100000000 } from './1764100000000-Integrations';
import { JobApplications1764300000000 } from './1764300000000-JobApplications';
import { ContactCartsAndEmailLimit1764450000000 } from './1764450000000-ContactCartsAndEmailLimit';
import { KickoffCalls1764400000000 } from './1764400000000-KickoffCalls';
import { MailDeliveries1764600000000 } from './1764600000000-MailDeliveries';
import { MailDeliveriesForgetSentRecipients1764610000000 } from './1764610000000-MailDeliveriesForgetSentRecipients';
import { IntegrationsOwnedByOrganizations1765000000000 } from './1765000000000-IntegrationsOwnedByOrganizations';
import { LeadWork1766300000000 } from './1766300000000-LeadWork';
import { IntegrationHealth1766300100000 } from './1766300100000-IntegrationHealth';
import { Webhooks1766400100000 } from './1766400100000-Webhooks';
import { WebhookLogRetention1766400200000 } from './1766400200000-WebhookLogRetention';
import { WebhookCallbacks1766400600000 } from './1766400600000-WebhookCallbacks';
import { IdempotencyKeys1766400700000 } from './1766400700000-IdempotencyKeys';
import { OutboxTraceContext1767000000000 } from '@portal/events';
import { CallBookings1767100000000 } from './1767100000000-CallBookings';

/** crm's migrations, oldest first. Add new ones at the end. */
export const crmMigrations = [
  InitialSchema1763870000000,
  Integrations1764100000000,
  JobApplications1764300000000,
  KickoffCalls1764400000000,
  ContactCartsAndEmailLimit1764450000000,
  MailDeliveries1764600000000,
  MailDeliveriesForgetSentRecipients1764610000000,
  IntegrationsOwnedByOrganizations1765000000000,
  LeadWork1766300000000,
  IntegrationHealth1766300100000,
  Webhooks1766400100000,
  WebhookLogRetention1766400200000,
  WebhookCallbacks1766400600000,
  IdempotencyKeys1766400700000,
  OutboxTraceContext1767000000000,
  CallBookings1767100000000,
];
