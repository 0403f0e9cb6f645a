import { BLOG_ARTICLES, indexablePages } from './public-site';
import { pageExists, sectionForPath } from './site-routes';

describe('route table', () => {
  it.each([
    ['/', 'marketing'],
    ['/services', 'marketing'],
    ['/about-us', 'marketing'],
    ['/blog', 'marketing'],
    ['/blog/reduce-customer-service-costs', 'marketing'],
    ['/privacy-policy', 'marketing'],
    ['/terms', 'marketing'],
    ['/checkout', 'checkout'],
    ['/login', 'checkout'],
    ['/register', 'checkout'],
    ['/signup', 'checkout'],
    ['/forgot-password', 'checkout'],
    ['/reset-password', 'checkout'],
    ['/verify-email', 'checkout'],
    ['/confirm-email', 'checkout'],
    ['/dashboard', 'dashboard'],
    ['/customer-dashboard', 'dashboard'],
    ['/dashboard/integrations', 'dashboard'],
    ['/dashboard/kpis', 'dashboard'],
    ['/dashboard/orders', 'dashboard'],
    ['/dashboard/support', 'dashboard'],
    ['/customer-dashboard/integrations', 'dashboard'],
    ['/customer-dashboard/kpis', 'dashboard'],
    ['/customer-dashboard/orders', 'dashboard'],
    ['/customer-dashboard/support', 'dashboard'],
    ['/Dashboard/Orders/', 'dashboard'],
    ['/pricing/', 'marketing'],
    ['/dashboard/orders/123', 'dashboard'],
    ['/customer-dashboard/support/7c9e6679-7425-40de-944b-e07fc1f90ae7', 'dashboard'],
    ['/dashboard/developers', 'dashboard'],
    ['/customer-dashboard/developers/8b7a6c5d-4e3f-4a2b-9c1d-0e9f8a7b6c5d', 'dashboard'],
    ['/staff', 'staff'],
    ['/staff/leads', 'staff'],
    ['/staff/orders', 'staff'],
    ['/staff/customers', 'staff'],
    ['/staff/agents', 'staff'],
  ])('%s is served by %s', (path, section) => {
    expect(sectionForPath(path)).toBe(section);
  });

  it.each([
    '/no-such-page',
    '/blog/a/b',
    '/dashboard/unknown',
    '/dashboard/orders/123/items',
    '/customer-dashboard/overview',
    '/loginx',
    '/staffs',
    '/staff/unknown',
    '/mfe-manifest.json',
  ])('%s is not found', (path) => {
    expect(sectionForPath(path)).toBeNull();
  });

  it('has a page at every address of the sitemap', () => {
    for (const { path } of indexablePages()) expect(pageExists(path)).toBe(true);
  });

  it.each([
    '/dashboard/orders/123',
    '/staff/agents',
    '/Pricing/',
    '/blog/',
    `/blog/${BLOG_ARTICLES[0].slug}/`,
  ])('%s is a page', (path) => expect(pageExists(path)).toBe(true));

  it.each([
    '/no-such-page',
    '/blog/no-such-article',
    `/blog/${BLOG_ARTICLES[0].slug.toUpperCase()}`,
    '/blog/a/b',
  ])('%s is not', (path) => expect(pageExists(path)).toBe(false));
});
