/**
 * The route table of the site, written once: which section serves which path. The root config
 * activates sections from it and the chrome shows '404 Page Not Found' for any path it lacks.
 */
export const SECTION_ROUTES = {
  marketing: [
    '/',
    '/services',
    '/pricing',
    '/about',
    '/about-us',
    '/contact',
    '/platform',
    '/careers',
    '/blog',
    '/blog/:slug',
    '/help-center',
    '/docs',
    '/privacy-policy',
    '/terms',
  ],
  checkout: ['/checkout', '/login', '/register', '/signup'],
  // Each dashboard tab has its own address, under whichever base the customer arrived on.
  dashboard: [
    '/dashboard',
    '/dashboard/integrations',
    '/dashboard/kpis',
    '/dashboard/orders',
    '/dashboard/support',
    '/customer-dashboard',
    '/customer-dashboard/integrations',
    '/customer-dashboard/kpis',
    '/customer-dashboard/orders',
    '/customer-dashboard/support',
  ],
} as const;

export type SectionName = keyof typeof SECTION_ROUTES;
export const SECTION_NAMES = Object.keys(SECTION_ROUTES) as SectionName[];

function segments(path: string): string[] {
  return path.split('/').filter(Boolean);
}

/** Like React Router: case-insensitive, trailing slash ignored, `:param` matches one segment. */
export function matchesRoute(pattern: string, pathname: string): boolean {
  const want = segments(pattern);
  const got = segments(pathname);
  if (want.length !== got.length) return false;
  return want.every((part, i) => part.startsWith(':') || part.toLowerCase() === got[i].toLowerCase());
}

/** The section that serves this path, or null for the not-found page. */
export function sectionForPath(pathname: string): SectionName | null {
  return (
    SECTION_NAMES.find((name) => SECTION_ROUTES[name].some((route) => matchesRoute(route, pathname))) ?? null
  );
}
