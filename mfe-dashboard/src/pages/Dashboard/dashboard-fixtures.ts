// Test data of the dashboard's tests: a signed-in customer and the API's answers.
import type { AccountResponse, Integration, MetricsResponse, Order, Ticket } from '@portal/contracts';
import type { OrgRole } from '@portal/contracts';
import { customerMe as customer, stubFetch, type StubbedRoutes } from '@portal/web-testing';

export { customer };
/** The session after `me`: an owner of their organization. */
export const signedInCustomer = { session: { hasToken: true, user: customer, checking: false } };
/** The same customer as a member with `orgRole` in their organization. */
export const signedInAs = (orgRole: OrgRole) => ({
  session: { hasToken: true, user: { ...customer, orgRole }, checking: false },
});

const CREATED_AT = '2026-11-24T15:30:00.000Z';

export function anOrder(overrides: Partial<Order> = {}): Order {
  return {
    id: '3f2a9c1b-5d4e-4f60-8a7b-1c2d3e4f5a6b',
    status: 'completed',
    total: '1499.00',
    createdAt: CREATED_AT,
    updatedAt: CREATED_AT,
    items: [
      {
        id: '0b6f7c1e-2a3d-4e5f-8a9b-0c1d2e3f4a5b',
        packageId: '9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a',
        name: 'Growth Package',
        quantity: 1,
        price: '1499.00',
      },
    ],
    ...overrides,
  };
}

export function anIntegration(overrides: Partial<Integration> = {}): Integration {
  return {
    id: 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d',
    name: 'Sales CRM',
    type: 'hubspot',
    isActive: true,
    webhookUrl: null,
    inboundUrl: '/api/crm/inbound/a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d',
    createdAt: CREATED_AT,
    updatedAt: CREATED_AT,
    ...overrides,
  };
}

export function aTicket(overrides: Partial<Ticket> = {}): Ticket {
  return {
    id: 'c0ffee00-1234-4abc-8def-0123456789ab',
    title: 'Calls drop after 30 seconds',
    description: 'Since Monday our inbound calls drop after about 30 seconds on the Dialpad line.',
    priority: 'medium',
    status: 'open',
    createdAt: CREATED_AT,
    updatedAt: CREATED_AT,
    ...overrides,
  };
}

/** `GET /api/account` of the signed-in customer: verified, no two-factor sign-in, no email change. */
export function anAccount(overrides: Partial<AccountResponse> = {}): AccountResponse {
  return {
    ...customer,
    organizationId: '0d7e8f5a-1b2c-4d3e-8f9a-0b1c2d3e4f5a',
    emailVerified: true,
    pendingEmail: null,
    twoFactorEnabled: false,
    recoveryCodesLeft: 0,
    createdAt: '2026-10-01T09:00:00.000Z',
    ...overrides,
  };
}

export function metricsWith(today: { calls: number; leads: number; conversions: number }): MetricsResponse {
  return {
    timezone: 'America/New_York',
    today: { date: '2026-11-24', ...today },
    range: { preset: '30d', from: '2026-10-26', to: '2026-11-24' },
    daily: [],
  };
}

/**
 * The dashboard's lists (tickets also a page at a time, none unread; no API keys or webhooks), empty unless `routes` answers
 * otherwise; no kickoff booked, no scheduler; a verified account (no banner) with ticket emails on.
 */
export function stubDashboardApi(routes: StubbedRoutes = {}) {
  return stubFetch({
    'GET /api/account': { status: 200, body: anAccount() },
    'GET /api/crm/kickoff': { status: 200, body: { kickoff: null } },
    'GET /runtime-config.json': { status: 200, body: { scheduler: null } },
    'GET /api/user/orders': { status: 200, body: [] },
    'GET /api/user/orders/page': { status: 200, body: { orders: [], nextCursor: null } },
    'GET /api/user/subscriptions': { status: 200, body: { subscriptions: [] } },
    'GET /api/crm/integrations': { status: 200, body: [] },
    'GET /api/crm/integrations/summary': { status: 200, body: { configured: 0, active: 0 } },
    'GET /api/support/tickets': { status: 200, body: [] },
    'GET /api/support/tickets/page': { status: 200, body: { tickets: [], nextCursor: null } },
    'GET /api/support/tickets/unread': { status: 200, body: { unread: 0 } },
    // No live ticket stream: the Support tab then reads again when the page comes back into view.
    'GET /api/support/stream': { status: 404, body: { statusCode: 404, message: 'Not Found' } },
    'GET /api/account/notifications': { status: 200, body: { ticketEmails: true } },
    'GET /api/kpi/metrics': { status: 200, body: metricsWith({ calls: 0, leads: 0, conversions: 0 }) },
    'GET /api/developers/keys': { status: 200, body: [] },
    'GET /api/developers/webhooks': { status: 200, body: [] },
    'GET /api/developers/webhooks/8b7a6c5d-4e3f-4a2b-9c1d-0e9f8a7b6c5d/deliveries': {
      status: 200,
      body: { items: [], nextCursor: null },
    },
    ...routes,
  });
}

/** A server error as the services answer it (`{ statusCode, message }`). */
export const serverError = (message: string, status = 500) => ({
  status,
  body: { statusCode: status, message },
});

/** The error toast a failed call shows: its title and, where the test gives one, the server's message. */
export const errorToast = (title: string, description?: string) => ({
  title,
  severity: 'error',
  ...(description !== undefined && { description }),
});
