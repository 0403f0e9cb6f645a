import type { SectionRoutes } from '@portal/contracts';

/**
 * The console's pages (pages/Console/console-pages.ts names them); its build writes them to
 * `routes.json`. The shell mounts the section (and downloads it) for a signed-in staff member only;
 * anyone else gets the shell's own notice at these addresses.
 */
export const STAFF_PATHS = [
  '/staff',
  '/staff/leads',
  '/staff/orders',
  '/staff/customers',
  '/staff/agents',
  '/staff/availability',
  '/staff/chats',
  '/staff/incidents',
] as const;

export type StaffPath = (typeof STAFF_PATHS)[number];

export const ROUTES: SectionRoutes = { routes: STAFF_PATHS };
