import type { StaffPath } from '../../routes';

/** The console's pages, in the order of its navigation; each is one of the section's routes. */
export const CONSOLE_PAGES = [
  { path: '/staff', label: 'Tickets', title: 'Ticket queue' },
  { path: '/staff/leads', label: 'Leads', title: 'Leads' },
  { path: '/staff/orders', label: 'Orders', title: 'Orders and refunds' },
  { path: '/staff/customers', label: 'Customers', title: 'Customers' },
  { path: '/staff/agents', label: 'Agents', title: 'Agents' },
  { path: '/staff/availability', label: 'Availability', title: 'Availability and bookings' },
  { path: '/staff/chats', label: 'Chats', title: 'Live chats' },
  { path: '/staff/incidents', label: 'Incidents', title: 'Status page incidents' },
] as const satisfies readonly { path: StaffPath; label: string; title: string }[];

export type ConsolePage = (typeof CONSOLE_PAGES)[number];

/** The page at this address (the queue for `/staff` and anything unknown under it). */
export function pageAt(pathname: string): ConsolePage {
  const path = pathname.replace(/\/+$/, '').toLowerCase() || '/';
  return CONSOLE_PAGES.find((page) => page.path === path) ?? CONSOLE_PAGES[0];
}
