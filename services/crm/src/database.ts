import { type DataSourceConfig } from '@portal/db';
import { eventEntities } from '@portal/events';
import { JobApplicationEntity } from './applications/job-application.entity';
import { ContactSubmissionEntity } from './contact/contact-submission.entity';
import { IntegrationEntity } from './integrations/integration.entity';
import { crmMigrations } from './migrations';
import { NewsletterSubscriptionEntity } from './newsletter/newsletter-subscription.entity';
import { WebhookAttemptEntity } from './webhooks/webhook-attempt.entity';
import { WebhookDeliveryEntity } from './webhooks/webhook-delivery.entity';
import { WebhookEndpointEntity } from './webhooks/webhook-endpoint.entity';

export const crmEntities = [
  ContactSubmissionEntity,
  NewsletterSubscriptionEntity,
  IntegrationEntity,
  JobApplicationEntity,
  WebhookEndpointEntity,
  WebhookDeliveryEntity,
  WebhookAttemptEntity,
  ...eventEntities,
];

/** How crm connects to its database, for the app and `seed` alike. */
export function crmDatabase(url: string): DataSourceConfig {
  return { url, entities: crmEntities, migrations: crmMigrations, applicationName: 'crm' };
}
