// What the console's tests answer for: a staff member, a customer, tickets, and the sessions.
import type { RootState } from '@portal/store';
import type { StaffOrderDetail, StaffTicket, StaffTicketMessage } from '@portal/contracts';

export const staffMe = {
  id: '0b5cf6e4-3f9f-4e1c-9d5d-7a1e2f3c4d5e',
  name: 'Sam Ortiz',
  email: 'sam@millstonecx.com',
  role: 'admin' as const,
  organizationId: null,
  organizationName: null,
  orgRole: null,
};

export const signedInAsStaff = {
  session: { hasToken: true, user: staffMe, checking: false },
} as Partial<RootState>;

export const CUSTOMER_ID = '6f1c1d52-8a43-4f0e-9a51-3b7c1f0d2e11';
export const ORGANIZATION_ID = '0d7e8f5a-1b2c-4d3e-8f9a-0b1c2d3e4f5a';

const clock = (dueAt: string, metAt: string | null = null) => ({
  targetMinutes: 120,
  dueAt,
  metAt,
  state: metAt
    ? ('met' as const)
    : Date.parse(dueAt) < Date.now()
      ? ('overdue' as const)
      : ('pending' as const),
});

export function staffTicket(overrides: Partial<StaffTicket> = {}): StaffTicket {
  const created = new Date(Date.now() - 100 * 60_000).toISOString();
  return {
    id: '11111111-1111-4111-8111-111111111111',
    title: 'Calls drop after 30 seconds',
    description: 'Every inbound call drops.',
    priority: 'urgent',
    status: 'open',
    createdAt: created,
    updatedAt: created,
    customerId: CUSTOMER_ID,
    organizationId: ORGANIZATION_ID,
    assigneeId: null,
    breaching: true,
    lastMessageAt: created,
    closedAt: null,
    sla: {
      firstResponse: clock(new Date(Date.now() + 20 * 60_000).toISOString()),
      resolution: clock(new Date(Date.now() + 22 * 3600_000).toISOString()),
    },
    ...overrides,
  };
}

export function message(overrides: Partial<StaffTicketMessage> = {}): StaffTicketMessage {
  return {
    id: '22222222-2222-4222-8222-222222222222',
    author: 'customer',
    authorId: CUSTOMER_ID,
    body: 'Every inbound call drops.',
    createdAt: new Date(Date.now() - 100 * 60_000).toISOString(),
    attachments: [],
    internal: false,
    ...overrides,
  };
}

export const users = {
  status: 200,
  body: {
    users: [
      { id: CUSTOMER_ID, name: 'Ann Lee', email: 'ann@example.com', staff: false },
      { id: staffMe.id, name: staffMe.name, email: staffMe.email, staff: true },
    ],
  },
};

/** A paid order of two items, partly refunded, with something left to refund. */
export const aStaffOrder: StaffOrderDetail = {
  id: '55555555-5555-4555-8555-555555555555',
  status: 'completed',
  total: '1998.00',
  createdAt: '2026-11-20T15:00:00.000Z',
  updatedAt: '2026-11-20T15:01:00.000Z',
  items: [
    {
      id: '66666666-6666-4666-8666-666666666666',
      packageId: '77777777-7777-4777-8777-777777777777',
      name: 'Scale',
      quantity: 2,
      price: '999.00',
    },
  ],
  subtotal: '1998.00',
  tax: '0.00',
  paymentStatus: 'partially_refunded',
  paidAt: '2026-11-20T15:01:00.000Z',
  amountPaid: '1998.00',
  amountRefunded: '100.00',
  refundable: '1898.00',
  invoice: { number: 'INV-000001', issuedAt: '2026-11-20T15:01:00.000Z' },
  history: [],
  organizationId: null,
  userId: null,
  refunds: [],
};
