// The route table of the site, written once: which section serves which path. The shell's root
// config activates sections from it and shows '404 Page Not Found' for any path it lacks; the
// end-to-end suite visits every route in it (accessibility, CSP), so a new page cannot be missed.
// No zod here: the shell imports this module statically.
import { accountPages } from '../identity/account-pages';

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
