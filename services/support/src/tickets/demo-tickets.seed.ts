import { demoCustomer } from '@portal/db';
import type { TicketPriority, TicketStatus } from '@portal/contracts';
import type { DataSource } from 'typeorm';

interface DemoTicket {
  id: string;
  title: string;
  description: string;
  priority: TicketPriority;
  status: TicketStatus;
  /** PostgreSQL intervals before the seed runs, so the dashboard always shows recent activity. */
  openedAgo: string;
  updatedAgo: string;
}

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
  let added = 0;
  for (const ticket of demoTickets) {
    const inserted: unknown[] = await dataSource.query(
      `INSERT INTO tickets
         (id, customer_id, organization_id, title, description, priority, status, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, now() - $8::interval, now() - $9::interval)
       ON CONFLICT (id) DO NOTHING
       RETURNING id`,
      [
        ticket.id,
        demoCustomer.userId,
        demoCustomer.organizationId,
        ticket.title,
        ticket.description,
        ticket.priority,
        ticket.status,
        ticket.openedAgo,
        ticket.updatedAgo,
      ],
    );
    added += inserted.length;
  }
  return added;
}
