import { can, type OrgPermission, type OrgRole } from '@portal/contracts';

/**
 * The dashboard's tabs and their addresses. Each tab has its own path under the
 * base the customer arrived on, so reload and Back keep the tab. The section's routes
 * (src/routes.ts) list the same paths; any other path under a base is its 404.
 */
export const DASHBOARD_BASES = ['/dashboard', '/customer-dashboard'] as const;
export type DashboardBase = (typeof DASHBOARD_BASES)[number];

/**
 * `permission`: what the member's role must allow for the tab to be there at all (hidden, not
 * disabled, for a role without it; its address then says so). Team is every member's. `detail`: the
 * tab also has a page per item at `<tab>/<id>` (a ticket: `/dashboard/support/{id}`; a webhook endpoint's
 * delivery log: `/dashboard/developers/{id}`).
 */
export const DASHBOARD_TABS = [
  { name: 'Overview', slug: '' },
  { name: 'Integrations', slug: 'integrations', permission: 'integrations.manage' },
  { name: 'KPIs', slug: 'kpis' },
  { name: 'Orders', slug: 'orders', permission: 'orders.read', detail: true },
  { name: 'Support', slug: 'support', detail: true },
  { name: 'Team', slug: 'team' },
  { name: 'Developers', slug: 'developers', permission: 'developers.manage', detail: true },
  { name: 'Settings', slug: 'settings' },
] as const satisfies readonly { name: string; slug: string; permission?: OrgPermission; detail?: true }[];
export type DashboardTab = (typeof DASHBOARD_TABS)[number]['name'];

/** The tabs the role allows, in order. */
export const tabsFor = (role: OrgRole | null | undefined) =>
  DASHBOARD_TABS.filter((tab) => !('permission' in tab) || can(role, tab.permission));

/** `/dashboard/orders`, or `/dashboard` for the Overview. */
export function tabPath(base: DashboardBase, tab: DashboardTab): string {
  const { slug } = DASHBOARD_TABS.find(({ name }) => name === tab)!;
  return slug ? `${base}/${slug}` : base;
}

/** `/dashboard/support/{id}`: an item's page under a tab that has them. */
export function detailPath(base: DashboardBase, tab: DashboardTab, id: string): string {
  return `${tabPath(base, tab)}/${encodeURIComponent(id)}`;
}

/**
 * The base and tab of a dashboard path, matched like the routes (any case, trailing slash ignored),
 * and `detail`, the item's id (as written) of a tab's item page (`/dashboard/support/{id}`). A path
 * outside the dashboard falls back to the Overview under `/dashboard`.
 */
export function locateTab(pathname: string): { base: DashboardBase; tab: DashboardTab; detail?: string } {
  const [first = '', second = '', ...rest] = pathname.split('/').filter(Boolean);
  const base = DASHBOARD_BASES.find((candidate) => candidate === `/${first.toLowerCase()}`) ?? '/dashboard';
  const match = DASHBOARD_TABS.find(({ slug }) => slug === second.toLowerCase());
  if (match && rest.length === 0) return { base, tab: match.name };
  if (match && 'detail' in match && rest.length === 1) {
    return { base, tab: match.name, detail: decodeURIComponent(rest[0]!) };
  }
  return { base, tab: 'Overview' };
}
