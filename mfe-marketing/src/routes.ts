import { BLOG_ARTICLES, indexablePages, type SectionRoutes } from '@portal/contracts';

/** The section's pages (Root.tsx draws one per path); its build writes them to `routes.json`. */
export const MARKETING_PATHS = [
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
  // The public status page (ADR 0235): measured uptime, incidents, incident mails.
  '/status',
  // The booking mails' manage link (ADR 0232): cancel or reschedule a call booked on the site.
  '/booking/:token',
] as const;

export type MarketingPath = (typeof MARKETING_PATHS)[number];

// Read by the build (libs/federation) and the gateway: an article that is not published is a 404.
export const ROUTES: SectionRoutes = {
  routes: MARKETING_PATHS.map((path) =>
    path === '/blog/:slug' ? { path, only: BLOG_ARTICLES.map(({ slug }) => slug) } : path,
  ),
  sitemap: indexablePages(),
  prerender: indexablePages().map(({ path }) => ({ path })),
};
