/**
 * Header navigation. `covers` lists the other pages of the item's part of the site: the item is
 * marked there too, so every page shows where it belongs.
 */
export const NAV_LINKS = [
  { label: 'Home', href: '/', covers: [] },
  { label: 'Services', href: '/services', covers: ['/platform'] },
  { label: 'Pricing', href: '/pricing', covers: ['/checkout'] },
  { label: 'About', href: '/about', covers: ['/about-us', '/careers', '/blog'] },
  { label: 'Contact', href: '/contact', covers: ['/help-center', '/docs'] },
] as const;

/** The header's 'Dashboard' covers every tab, under either base of the dashboard. */
export const DASHBOARD_LINK = { href: '/dashboard', covers: ['/customer-dashboard'] } as const;

/** A staff member has no customer dashboard: their header leads to the staff console instead. */
export const STAFF_LINK = { href: '/staff', covers: [] } as const;

/** The signed-in user's own place in the header: 'Dashboard', or 'Staff Console' for staff. */
export const accountLink = (staff: boolean) =>
  staff ? { ...STAFF_LINK, label: 'Staff Console' } : { ...DASHBOARD_LINK, label: 'Dashboard' };

/** Footer columns and links. */
export const FOOTER_COLUMNS = [
  {
    title: 'Services',
    links: [
      // The ids of the services page's sections.
      { label: 'Inbound Support', href: '/services#inbound-support' },
      { label: 'Outbound Sales', href: '/services#outbound-sales' },
      { label: 'AI Automation', href: '/services#ai-automation' },
      { label: 'Digital Marketing', href: '/services#digital-marketing' },
    ],
  },
  {
    title: 'Company',
    links: [
      { label: 'About Us', href: '/about-us' },
      { label: 'Careers', href: '/careers' },
      { label: 'Contact', href: '/contact' },
    ],
  },
  {
    title: 'Support',
    links: [
      { label: 'Help Center', href: '/help-center' },
      { label: 'Privacy Policy', href: '/privacy-policy' },
      { label: 'Terms of Service', href: '/terms' },
    ],
  },
] as const;

const isUnder = (base: string, pathname: string) => pathname === base || pathname.startsWith(`${base}/`);

/**
 * The `aria-current` of a navigation item: 'page' on its own page, 'true' on a page of its part of
 * the site (a dashboard tab, a blog article, careers under About), nothing elsewhere.
 */
export function currentState(
  { href, covers = [] }: { href: string; covers?: readonly string[] },
  pathname: string,
): 'page' | 'true' | undefined {
  if (pathname === href) return 'page';
  if (href === '/') return undefined;
  return isUnder(href, pathname) || covers.some((base) => isUnder(base, pathname)) ? 'true' : undefined;
}
