import type { Integration, StaffIntegration } from '@portal/contracts';
import type { FastifyRequest } from 'fastify';
import type { IntegrationEntity } from './integration.entity';

/** Where connected CRMs and dialers post their signed events: `POST /api/crm/inbound/{id}`. */
export const INBOUND_EVENTS_ROUTE = 'api/crm/inbound';

/**
 * The origin the caller reached, e.g. `https://portal.example.com`. Behind the gateway (a trusted
 * proxy, see createServiceApp) Fastify takes it from X-Forwarded-Proto and X-Forwarded-Host.
 */
export const requestOrigin = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/** An integration as the API answers it (`integrationSchema`): never a secret. */
export function toIntegrationView(integration: IntegrationEntity, origin: string): Integration {
  return {
    id: integration.id,
    name: integration.name,
    type: integration.type,
    isActive: integration.isActive,
    webhookUrl: integration.webhookUrl,
    inboundUrl: `${origin}/${INBOUND_EVENTS_ROUTE}/${integration.id}`,
    createdAt: integration.createdAt.toISOString(),
    updatedAt: integration.updatedAt.toISOString(),
  };
}

/** An integration as support staff see it (`staffIntegrationSchema`): whose it is as well, never a secret. */
export function toStaffIntegrationView(integration: IntegrationEntity, origin: string): StaffIntegration {
  return {
    ...toIntegrationView(integration, origin),
    customerId: integration.customerId,
    organizationId: integration.organizationId,
  };
}
