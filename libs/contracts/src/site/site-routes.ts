// The route table of the site, written once: which section serves which path. The shell's root
// config activates sections from it and shows '404 Page Not Found' for any path it lacks; the
// end-to-end suite visits every route in it (accessibility, CSP), so a new page cannot be missed.
// No zod here: the shell imports this module statically.
import { accountPages } from '../identity/account-pages';
import { BLOG_ARTICLES } from './public-site';

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
  // The account's mails link to the last five.
  checkout: ['/checkout', '/login', '/register', '/signup', ...Object.values(accountPages)],
  // Each dashboard tab has its own address, under whichever base the customer arrived on.
  dashboard: (['/dashboard', '/customer-dashboard'] as const).flatMap((base) =>
    (
      [
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
      ] as const
    ).map((tab) => `${base}${tab}` as const),
  ),
  // The staff console, for staff roles only: the shell mounts it (and downloads it) for a signed-in
  // staff member only; anyone else gets the shell's own notice at these addresses.
  staff: ['/staff', '/staff/leads', '/staff/orders', '/staff/customers', '/staff/agents'],
} as const;

export type SectionName = keyof typeof SECTION_ROUTES;
export const SECTION_NAMES = Object.keys(SECTION_ROUTES) as SectionName[];

/**
 * A route of the table as react-router's `matchPath` matches it: case-insensitive, a `:param` is one
 * non-empty segment, trailing slashes allowed.
 */
function routeExpression(route: string): RegExp {
  const segments = route
    .split('/')
    .filter(Boolean)
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return new RegExp(`^/${segments.join('/')}/*$`, 'i');
}

// Pure: a bundle that imports the table without the matcher drops it.
const ROUTE_EXPRESSIONS = /* @__PURE__ */ SECTION_NAMES.map((name) => ({
  name,
  expressions: SECTION_ROUTES[name].map(routeExpression),
}));

/** The section that serves this path, or null for the not-found page (the shell's and the gateway's). */
export function sectionForPath(pathname: string): SectionName | null {
  return (
    ROUTE_EXPRESSIONS.find(({ expressions }) => expressions.some((route) => route.test(pathname)))?.name ??
    null
  );
}

const articleAddress = /^\/blog\/([^/]+)\/*$/i;

/**
 * Whether a page answers at this path (HTTP 200) rather than a not-found page (404): a path of the
 * route table, and under /blog/ one of the articles (the slug as written, as the blog finds it).
 */
export function pageExists(pathname: string): boolean {
  const section = sectionForPath(pathname);
  if (section !== 'marketing') return section !== null;
  const slug = articleAddress.exec(pathname)?.[1];
  return slug === undefined || BLOG_ARTICLES.some((article) => article.slug === slug);
}
