// Test data of the Developers tab: keys, endpoints and deliveries as identity and crm answer them.
import type { ApiKey, WebhookDelivery, WebhookEndpoint } from '@portal/contracts';

export const KEY_ID = '5a0c1e2d-3b4f-4a6b-8c7d-9e0f1a2b3c4d';
export const ENDPOINT_ID = '8b7a6c5d-4e3f-4a2b-9c1d-0e9f8a7b6c5d';

export function anApiKey(overrides: Partial<ApiKey> = {}): ApiKey {
  return {
    id: KEY_ID,
    name: 'Zapier production',
    prefix: 'mcx_live_a1B2c3',
    scopes: ['tickets:read', 'tickets:write'],
    status: 'active',
    createdAt: '2026-11-20T15:00:00.000Z',
    createdBy: { id: '0b5cf6e4-3f9f-4e1c-9d5d-7a1e2f3c4d5e', name: 'Ann Lee' },
    lastUsedAt: null,
    expiresAt: null,
    revokedAt: null,
    rolledFromId: null,
    ...overrides,
  };
}

export function anEndpoint(overrides: Partial<WebhookEndpoint> = {}): WebhookEndpoint {
  return {
    id: ENDPOINT_ID,
    url: 'https://hooks.example.com/millstone',
    events: ['ticket.created'],
    description: 'Our ticket sync',
    status: 'active',
    failingSince: null,
    createdAt: '2026-11-21T10:00:00.000Z',
    updatedAt: '2026-11-21T10:00:00.000Z',
    ...overrides,
  };
}

export function aDelivery(overrides: Partial<WebhookDelivery> = {}): WebhookDelivery {
  return {
    id: 'd1e2f3a4-b5c6-4d7e-8f9a-0b1c2d3e4f5a',
    endpointId: ENDPOINT_ID,
    callbackUrl: null,
    eventId: 'evt_0f1e2d3c4b5a49688776655443322110',
    eventType: 'ticket.created',
    status: 'succeeded',
    createdAt: '2026-11-25T09:00:00.000Z',
    nextAttemptAt: null,
    requestBody: JSON.stringify({
      id: 'evt_0f1e2d3c4b5a49688776655443322110',
      event: 'ticket.created',
      created_at: '2026-11-25T09:00:00.000Z',
      data: { id: 'tkt_1', subject: 'Calls drop' },
    }),
    attempts: [
      {
        attempt: 1,
        at: '2026-11-25T09:00:00.500Z',
        durationMs: 10000,
        responseStatus: null,
        responseBody: null,
        error: 'Timed out after 10 s',
      },
      {
        attempt: 2,
        at: '2026-11-25T09:01:05.000Z',
        durationMs: 184,
        responseStatus: 200,
        responseBody: '{"received":true}',
        error: null,
      },
    ],
    ...overrides,
  };
}
