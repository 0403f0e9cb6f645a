import { demoCustomer } from '@portal/db';
import type { DataSource } from 'typeorm';
import { type AgedTicket, TicketsService } from './tickets.service';

/** Opened and updated a while before the seed runs, so the dashboard always shows recent activity. */
type DemoTicket = Omit<AgedTicket, 'customerId' | 'organizationId'>;

/** The demo customer's tickets (README "Demo customer"): one open, one being worked on, one resolved. */
export const demoTickets: readonly DemoTicket[] = [
  {
    id: 'd3e0c0de-0000-4000-8000-000000000301',
    title: 'After-hours calls are not reaching the overflow team',
    description:
      'Since Monday, calls that come in after 8 PM Eastern ring out instead of rolling over to the ' +
      'overflow agents. Our on-call technicians are missing emergency service requests. Please check ' +
      'the after-hours routing rules on our main line.',
    priority: 'high',
    status: 'open',
    openedAgo: '2 hours',
    updatedAgo: '2 hours',
  },
  {
    id: 'd3e0c0de-0000-4000-8000-000000000302',
    title: 'Add a Spanish-language queue for inbound support',
    description:
      'About a fifth of our callers prefer Spanish. We would like a separate queue with bilingual ' +
      'agents, a "para español, oprima dos" option in the IVR, and the same business hours as the ' +
      'English queue.',
    priority: 'medium',
    status: 'in_progress',
    openedAgo: '3 days',
    updatedAgo: '1 day',
  },
  {
    id: 'd3e0c0de-0000-4000-8000-000000000303',
    title: 'Update the billing contact for monthly invoices',
    description:
      'Please send invoices to accounts@averyhomeservices.com from next month on and remove our former ' +
      'office manager from the billing contacts.',
    priority: 'low',
    status: 'resolved',
    openedAgo: '12 days',
    updatedAgo: '11 days',
  },
];

/** Adds the demo customer's tickets that are missing; returns how many it added. */
export async function seedDemoTickets(dataSource: DataSource): Promise<number> {
  const tickets = new TicketsService(dataSource);
  let added = 0;
  for (const ticket of demoTickets) {
    const owner = { customerId: demoCustomer.userId, organizationId: demoCustomer.organizationId };
    if (await tickets.addIfMissing({ ...ticket, ...owner })) added += 1;
  }
  return added;
}
