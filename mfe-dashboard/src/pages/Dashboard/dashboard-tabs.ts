/**
 * The dashboard's tabs and their addresses. Each tab has its own path under the
 * base the customer arrived on, so reload and Back keep the tab. The site's route table
 * (@portal/contracts, site-routes.ts) lists the same paths; any other path under a base is its 404.
 */
export const DASHBOARD_BASES = ['/dashboard', '/customer-dashboard'] as const;
export type DashboardBase = (typeof DASHBOARD_BASES)[number];

export const DASHBOARD_TABS = [
  { name: 'Overview', slug: '' },
  { name: 'Integrations', slug: 'integrations' },
  { name: 'KPIs', slug: 'kpis' },
  { name: 'Orders', slug: 'orders' },
  { name: 'Support', slug: 'support' },
  { name: 'Settings', slug: 'settings' },
] as const;
export type DashboardTab = (typeof DASHBOARD_TABS)[number]['name'];

/** `/dashboard/orders`, or `/dashboard` for the Overview. */
export function tabPath(base: DashboardBase, tab: DashboardTab): string {
  const { slug } = DASHBOARD_TABS.find(({ name }) => name === tab)!;
  return slug ? `${base}/${slug}` : base;
}

/**
 * The base and tab of a dashboard path, matched like the routes (any case, trailing slash ignored).
 * A path outside the dashboard falls back to the Overview under `/dashboard`.
 */
export function locateTab(pathname: string): { base: DashboardBase; tab: DashboardTab } {
  const [first = '', second = '', ...rest] = pathname.toLowerCase().split('/').filter(Boolean);
  const base = DASHBOARD_BASES.find((candidate) => candidate === `/${first}`) ?? '/dashboard';
  const match = rest.length ? undefined : DASHBOARD_TABS.find(({ slug }) => slug === second);
  return { base, tab: match?.name ?? 'Overview' };
}
