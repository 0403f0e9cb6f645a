import type { SectionRoutes } from '@portal/contracts';

// Each dashboard tab has its own address (pages/Dashboard/dashboard-tabs.ts), under whichever base the
// customer arrived on; a tab with items has a page per item.
const TAB_PATHS = [
  '',
  '/integrations',
  '/kpis',
  '/orders',
  '/orders/:id',
  '/support',
  '/support/:id',
  '/settings',
  '/team',
  '/developers',
  '/developers/:id',
] as const;

/** The section's pages (Root.tsx draws the dashboard at each); its build writes them to `routes.json`. */
export const DASHBOARD_PATHS = (['/dashboard', '/customer-dashboard'] as const).flatMap((base) =>
  TAB_PATHS.map((tab) => `${base}${tab}` as const),
);

export const ROUTES: SectionRoutes = { routes: DASHBOARD_PATHS };
