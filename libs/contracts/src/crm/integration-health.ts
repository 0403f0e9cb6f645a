import { z } from 'zod';
import { repeatedQueryValue } from '../identity/staff-customers';
import { staffIntegrationSchema } from './integrations';

/**
 * Integrations' health for staff (`@StaffOnly`, crm): the last event a CRM or dialer delivered and the
 * last delivery crm refused (bad signature, invalid body, disconnected, unreadable secret), per
 * integration and per organization. Customers get 403.
 */
export const HEALTH_MAX_ORGANIZATIONS = 100;

export const integrationHealthMessages = {
  organizationIdRequired: 'organizationId must be a UUID',
  organizationIdsRequired: `Give from 1 to ${HEALTH_MAX_ORGANIZATIONS} organization ids (UUIDs)`,
} as const;

/** The last delivery crm refused, with why (the text the sender was answered). */
export const integrationErrorSchema = z.object({
  at: z.iso.datetime(),
  /** The HTTP status the sender got: 400 invalid body, 401 bad signature, 404 disconnected, 503 unreadable secret. */
  status: z.number().int(),
  message: z.string(),
});
export type IntegrationError = z.infer<typeof integrationErrorSchema>;

/** An integration with its health. */
export const staffIntegrationHealthSchema = staffIntegrationSchema.extend({
  lastEvent: z.object({ at: z.iso.datetime(), type: z.string() }).nullable(),
  lastError: integrationErrorSchema.nullable(),
});
export type StaffIntegrationHealth = z.infer<typeof staffIntegrationHealthSchema>;

/** `GET /api/crm/staff/integrations?organizationId=`: the organization's integrations, by name. */
export const staffIntegrationListQuerySchema = z.strictObject({
  organizationId: z.uuid({ error: integrationHealthMessages.organizationIdRequired }),
});
export type StaffIntegrationListQuery = z.infer<typeof staffIntegrationListQuerySchema>;
export const staffIntegrationListResponseSchema = z.object({
  integrations: z.array(staffIntegrationHealthSchema),
});
export type StaffIntegrationListResponse = z.infer<typeof staffIntegrationListResponseSchema>;

/**
 * `GET /api/crm/staff/integrations/health?organizationId=a&organizationId=b` (1 to 100): one row per
 * organization asked for (zeros and nulls when it has no integration), for the customers list.
 */
export const integrationHealthQuerySchema = z.strictObject({
  organizationId: repeatedQueryValue(
    z.uuid({ error: integrationHealthMessages.organizationIdsRequired }),
    1,
    HEALTH_MAX_ORGANIZATIONS,
    integrationHealthMessages.organizationIdsRequired,
  ),
});
export type IntegrationHealthQuery = z.output<typeof integrationHealthQuerySchema>;

export const organizationIntegrationHealthSchema = z.object({
  organizationId: z.uuid(),
  configured: z.number().int().nonnegative(),
  active: z.number().int().nonnegative(),
  /** The newest event of any of its integrations. */
  lastEventAt: z.iso.datetime().nullable(),
  /** The newest refused delivery of any of its integrations. */
  lastError: integrationErrorSchema.extend({ integrationId: z.uuid() }).nullable(),
});
export type OrganizationIntegrationHealth = z.infer<typeof organizationIntegrationHealthSchema>;
export const integrationHealthResponseSchema = z.object({
  organizations: z.array(organizationIntegrationHealthSchema),
});
export type IntegrationHealthResponse = z.infer<typeof integrationHealthResponseSchema>;
