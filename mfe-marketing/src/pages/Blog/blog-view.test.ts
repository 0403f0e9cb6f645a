import { ARTICLES, BLOG_CATEGORIES } from '../../content/blog/articles';
import { blogView } from './blog-view';

const slugs = (articles: { slug: string }[]) => articles.map((article) => article.slug);

describe('blogView', () => {
  it("features the first article under 'All' and lists the rest as 'Recent Articles'", () => {
    const view = blogView(ARTICLES, 'All');
    expect(view.featured?.slug).toBe('reduce-customer-service-costs');
    expect(view.heading).toBe('Recent Articles');
    expect(slugs(view.grid)).toEqual(slugs(ARTICLES.slice(1)));
  });

  it.each(BLOG_CATEGORIES)(
    "shows only %s articles under '%s Articles', with no featured article",
    (category) => {
      const view = blogView(ARTICLES, category);
      expect(view.featured).toBeNull();
      expect(view.heading).toBe(`${category} Articles`);
      expect(view.grid.length).toBeGreaterThan(0);
      expect(view.grid.every((article) => article.category === category)).toBe(true);
    },
  );

  it("lists the featured article in its own category's grid", () => {
    expect(slugs(blogView(ARTICLES, 'Cost Optimization').grid)).toEqual(['reduce-customer-service-costs']);
  });

  it('copes with no articles', () => {
    expect(blogView([], 'All')).toEqual({ featured: null, heading: 'Recent Articles', grid: [] });
  });
});
