import { can, type OrgPermission, type OrgRole } from '@portal/contracts';

/**
 * The dashboard's tabs and their addresses. Each tab has its own path under the
 * base the customer arrived on, so reload and Back keep the tab. The site's route table
 * (@portal/contracts, site-routes.ts) lists the same paths; any other path under a base is its 404.
 */
export const DASHBOARD_BASES = ['/dashboard', '/customer-dashboard'] as const;
export type DashboardBase = (typeof DASHBOARD_BASES)[number];

/**
 * `permission`: what the member's role must allow for the tab to be there at all (hidden, not
 * disabled, for a role without it; its address then says so). Team is every member's.
 */
export const DASHBOARD_TABS = [
  { name: 'Overview', slug: '' },
  { name: 'Integrations', slug: 'integrations', permission: 'integrations.manage' },
  { name: 'KPIs', slug: 'kpis' },
  { name: 'Orders', slug: 'orders', permission: 'orders.read' },
  { name: 'Support', slug: 'support' },
  { name: 'Team', slug: 'team' },
  { name: 'Settings', slug: 'settings' },
] as const satisfies readonly { name: string; slug: string; permission?: OrgPermission }[];
export type DashboardTab = (typeof DASHBOARD_TABS)[number]['name'];

/** The tabs the role allows, in order. */
export const tabsFor = (role: OrgRole | null | undefined) =>
  DASHBOARD_TABS.filter((tab) => !('permission' in tab) || can(role, tab.permission));

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
