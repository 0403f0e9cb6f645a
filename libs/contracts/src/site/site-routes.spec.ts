import { sectionRoutesFile } from './section-routes';
import { routeMatcher, type RouteTable } from './site-routes';

// A table shaped like the sections' own (each section's src/routes.ts tests its real one).
const table: RouteTable = {
  marketing: ['/', '/pricing', '/blog', { path: '/blog/:slug', only: ['first-article', 'second'] }],
  checkout: ['/login', '/reset-password'],
  dashboard: ['/dashboard', '/dashboard/orders', '/dashboard/orders/:id'],
  staff: ['/staff', '/staff/leads'],
};
const matcher = routeMatcher(table);

describe('routeMatcher', () => {
  it.each([
    ['/', 'marketing'],
    ['/pricing/', 'marketing'],
    ['/Pricing', 'marketing'],
    ['/blog/first-article', 'marketing'],
    ['/blog/no-such-article', 'marketing'],
    ['/login', 'checkout'],
    ['/Dashboard/Orders/', 'dashboard'],
    ['/dashboard/orders/123', 'dashboard'],
    ['/staff/leads', 'staff'],
  ])('%s is served by %s', (path, section) => {
    expect(matcher.sectionFor(path)).toBe(section);
  });

  it.each([
    '/no-such-page',
    '/blog/a/b',
    '/dashboard/orders/123/items',
    '/loginx',
    '/staffs',
    '/mfe-manifest.json',
  ])('%s is served by no section', (path) => expect(matcher.sectionFor(path)).toBeNull());

  it.each([
    '/dashboard/orders/123',
    '/staff/leads',
    '/Pricing/',
    '/blog/',
    '/blog/first-article/',
    '/BLOG/second',
  ])('%s is a page', (path) => expect(matcher.pageExists(path)).toBe(true));

  it.each(['/no-such-page', '/blog/no-such-article', '/blog/FIRST-ARTICLE', '/blog/a/b'])(
    '%s is not',
    (path) => expect(matcher.pageExists(path)).toBe(false),
  );

  it('serves nothing for a section the table lacks', () => {
    expect(routeMatcher({ marketing: ['/'] }).sectionFor('/login')).toBeNull();
  });
});

describe('sectionRoutesFile', () => {
  it('accepts patterns, listed pages, a sitemap and prerendered pages', () => {
    expect(
      sectionRoutesFile.safeParse({
        routes: ['/', '/blog/:slug', { path: '/blog/:slug', only: ['a-b'] }],
        sitemap: [{ path: '/', updated: 'December 15, 2024' }],
        prerender: [{ path: '/reset-password', visit: '/reset-password?token=x' }],
      }).success,
    ).toBe(true);
  });

  it.each([
    [{ routes: [] }, 'a section serves at least one route'],
    [{ routes: ['pricing'] }, 'must be a path from / with words or :parameters between slashes'],
    [{ routes: ['/a//b'] }, 'must be a path from / with words or :parameters between slashes'],
    [{ routes: [{ path: '/blog', only: ['a'] }] }, 'a route that lists its only pages needs a :parameter'],
    [{ routes: [{ path: '/blog/:slug', only: ['a/b'] }] }, 'must be one path segment'],
  ])('refuses %j', (file, message) => {
    const result = sectionRoutesFile.safeParse(file);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });
});
