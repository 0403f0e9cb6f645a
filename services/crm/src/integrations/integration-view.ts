import type { Integration, StaffIntegration } from '@portal/contracts';
import type { IntegrationEntity } from './integration.entity';

/** Where connected CRMs and dialers post their signed events: `POST /api/crm/inbound/{id}`. */
export const INBOUND_EVENTS_ROUTE = 'api/crm/inbound';

/**
 * An integration as the API answers it (`integrationSchema`): never a secret. Its inbound URL is on
 * `siteUrl` (`PUBLIC_SITE_URL`), never on a host a request named.
 */
export function toIntegrationView(integration: IntegrationEntity, siteUrl: string): Integration {
  return {
    id: integration.id,
    name: integration.name,
    type: integration.type,
    isActive: integration.isActive,
    webhookUrl: integration.webhookUrl,
    inboundUrl: `${siteUrl}/${INBOUND_EVENTS_ROUTE}/${integration.id}`,
    createdAt: integration.createdAt.toISOString(),
    updatedAt: integration.updatedAt.toISOString(),
  };
}

/** An integration as support staff see it (`staffIntegrationSchema`): whose it is as well, never a secret. */
export function toStaffIntegrationView(integration: IntegrationEntity, siteUrl: string): StaffIntegration {
  return {
    ...toIntegrationView(integration, siteUrl),
    customerId: integration.customerId,
    organizationId: integration.organizationId,
  };
}
