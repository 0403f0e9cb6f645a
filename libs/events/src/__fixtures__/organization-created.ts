import type { OrganizationCreatedData } from '@portal/contracts';

/** A valid `organization.created` payload, for the specs of this library. */
export const organizationCreatedData: OrganizationCreatedData = {
  organizationId: '00000000-0000-4000-8000-000000000001',
  name: 'Acme',
  planId: 'starter',
  timezone: 'Europe/Paris',
  createdAt: '2026-01-01T00:00:00.000Z',
};
