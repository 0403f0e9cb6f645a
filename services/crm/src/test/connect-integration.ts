import type { CreateIntegrationRequest, CreateIntegrationResponse } from '@portal/contracts';
import { request, type SignedInUser } from '@portal/testing';
import type { CrmHarness } from './crm-harness';

/** Connects an integration for `who` as the dashboard does (`POST /api/crm/integrations`): 201 and its answer. */
export async function connectIntegration(
  crm: CrmHarness,
  who: SignedInUser,
  body: CreateIntegrationRequest,
): Promise<CreateIntegrationResponse> {
  const response = await request<CreateIntegrationResponse>(crm.baseUrl, 'POST', '/api/crm/integrations', {
    token: who.token,
    body,
  });
  expect(response.status).toBe(201);
  return response.body;
}
