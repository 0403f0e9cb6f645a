// Test data of the Support tab's tests: tickets as members read them, threads, and the support routes.
import type { CustomerTicket, TicketMessage } from '@portal/contracts';
import type { StubbedRoutes } from '@portal/web-testing';
import { aTicket, customer, stubDashboardApi } from '../dashboard-fixtures';

const CREATED_AT = '2026-11-24T15:30:00.000Z';

/** An open medium ticket, opened Nov 24, 2026 15:30 UTC, unanswered (response due 8 h later), read. */
export function aCustomerTicket(overrides: Partial<CustomerTicket> = {}): CustomerTicket {
  return {
    ...aTicket(),
    unread: false,
    lastMessageAt: CREATED_AT,
    closedAt: null,
    reopenableUntil: null,
    sla: {
      firstResponse: { targetMinutes: 480, dueAt: '2026-11-24T23:30:00.000Z', metAt: null, state: 'pending' },
      resolution: { targetMinutes: 4320, dueAt: '2026-11-27T15:30:00.000Z', metAt: null, state: 'pending' },
    },
    ...overrides,
  };
}

export function aMessage(overrides: Partial<TicketMessage> = {}): TicketMessage {
  return {
    id: 'e0000000-0000-4000-8000-000000000001',
    author: 'customer',
    authorId: customer.id,
    body: 'Since Monday our inbound calls drop after about 30 seconds on the Dialpad line.',
    createdAt: CREATED_AT,
    attachments: [],
    ...overrides,
  };
}

/** The dashboard's API (no tickets, nothing unread, no live stream) with these routes. */
export const stubSupportApi = (routes: StubbedRoutes = {}) => stubDashboardApi(routes);
