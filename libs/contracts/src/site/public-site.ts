// The public site as search engines see it: which pages to index, the blog's articles, and the paths
// kept out. The marketing section builds its pages and articles from these lists and the gateway its
// /sitemap.xml and /robots.txt, so a page or an article is added in one place. No zod here: the
// marketing pages import this module and must not pull the schemas in with it.
import { accountPages } from '../identity/account-pages';

/** The day the privacy policy and the terms took effect, as the pages show it. */
export const LEGAL_EFFECTIVE_DATE = 'August 19, 2025';

/** The blog's articles, newest first (the first is the featured one), with the date each shows. */
export const BLOG_ARTICLES = [
  { slug: 'reduce-customer-service-costs', date: 'December 15, 2024' },
  { slug: 'ai-automation-vs-human-touch', date: 'December 5, 2024' },
  { slug: 'when-to-outsource-call-center', date: 'November 21, 2024' },
  { slug: 'building-customer-loyalty', date: 'November 7, 2024' },
  { slug: 'scaling-outsourced-support', date: 'October 24, 2024' },
  { slug: 'roi-of-customer-service', date: 'October 10, 2024' },
] as const;

export type ArticleSlug = (typeof BLOG_ARTICLES)[number]['slug'];

export const articlePath = (slug: string): string => `/blog/${slug}`;

export interface PublicPage {
  path: string;
  /** When the page's content last changed, as shown on it ('December 15, 2024'), where known. */
  updated?: string;
}

/** Every page of the marketing section that search engines should index (articles aside). */
export const PUBLIC_PAGES = [
  { path: '/' },
  { path: '/services' },
  { path: '/pricing' },
  { path: '/about' },
  { path: '/about-us' },
  { path: '/contact' },
  { path: '/platform' },
  { path: '/careers' },
  // The blog's index changes when an article is published.
  { path: '/blog', updated: BLOG_ARTICLES[0].date },
  { path: '/help-center' },
  // Live figures; the page's structure is indexed (ADR 0235).
  { path: '/status' },
  { path: '/docs' },
  { path: '/privacy-policy', updated: LEGAL_EFFECTIVE_DATE },
  { path: '/terms', updated: LEGAL_EFFECTIVE_DATE },
] as const satisfies readonly PublicPage[];

export type PublicPath = (typeof PUBLIC_PAGES)[number]['path'];

/** Every indexable page, the articles included, in sitemap order. */
export function indexablePages(): PublicPage[] {
  return [
    ...PUBLIC_PAGES,
    ...BLOG_ARTICLES.map(({ slug, date }) => ({ path: articlePath(slug), updated: date })),
  ];
}

/** Sign-in, checkout, the customer's own pages and the staff console: never in search results (`noindex`, robots.txt). */
export const PRIVATE_PATHS = [
  '/dashboard',
  '/customer-dashboard',
  '/staff',
  '/checkout',
  '/login',
  '/register',
  '/signup',
  ...Object.values(accountPages),
] as const;

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** 'December 5, 2024' → '2024-12-05': a date as the site shows it, in ISO 8601 (sitemaps, JSON-LD). */
export function isoDate(shown: string): string {
  const [, monthName = '', day = '', year = ''] = /^([A-Z][a-z]+) (\d{1,2}), (\d{4})$/.exec(shown) ?? [];
  const month = MONTHS.indexOf(monthName) + 1;
  const iso = `${year}-${String(month).padStart(2, '0')}-${day.padStart(2, '0')}`;
  const date = new Date(`${iso}T00:00:00Z`);
  if (month === 0 || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== iso) {
    throw new Error(`Not a date like 'December 15, 2024': ${shown}`);
  }
  return iso;
}
