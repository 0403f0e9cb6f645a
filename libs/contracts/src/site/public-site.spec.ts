import { accountPages } from '../identity/account-pages';
import {
  BLOG_ARTICLES,
  LEGAL_EFFECTIVE_DATE,
  PRIVATE_PATHS,
  PUBLIC_PAGES,
  indexablePages,
  isoDate,
} from './public-site';

describe('isoDate', () => {
  it.each([
    ['December 15, 2024', '2024-12-15'],
    ['December 5, 2024', '2024-12-05'],
    ['August 19, 2025', '2025-08-19'],
    ['February 29, 2024', '2024-02-29'],
  ])('reads %s as %s', (shown, iso) => {
    expect(isoDate(shown)).toBe(iso);
  });

  it.each(['Dec 15, 2024', '15 December 2024', 'February 30, 2025', 'Smarch 1, 2024', '2024-12-15', ''])(
    'refuses %j',
    (shown) => {
      expect(() => isoDate(shown)).toThrow(`Not a date like 'December 15, 2024': ${shown}`);
    },
  );
});

describe('the public site', () => {
  it('lists each page and article once, none of them private', () => {
    const paths = indexablePages().map((page) => page.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths).toHaveLength(PUBLIC_PAGES.length + BLOG_ARTICLES.length);
    expect(paths).toContain('/blog/roi-of-customer-service');
    for (const path of PRIVATE_PATHS) expect(paths).not.toContain(path);
  });

  it("keeps the pages the account's mails link to out of search results", () => {
    for (const path of Object.values(accountPages)) expect(PRIVATE_PATHS).toContain(path);
  });

  it('dates the blog by its newest article and the legal pages by their effective date', () => {
    const updated = Object.fromEntries(indexablePages().map((page) => [page.path, page.updated]));
    expect(updated['/blog']).toBe('December 15, 2024');
    expect(updated['/privacy-policy']).toBe(LEGAL_EFFECTIVE_DATE);
    expect(updated['/terms']).toBe(LEGAL_EFFECTIVE_DATE);
    expect(updated['/pricing']).toBeUndefined();
    for (const { updated: shown } of indexablePages()) if (shown) expect(() => isoDate(shown)).not.toThrow();
  });

  it('keeps the articles newest first', () => {
    const dates = BLOG_ARTICLES.map((article) => isoDate(article.date));
    expect([...dates].sort().reverse()).toEqual(dates);
  });
});
