import { BLOG_CATEGORIES, type Article, type BlogCategory } from '../../content/blog/articles';

export const ALL_CATEGORIES = 'All';
export type CategoryFilter = typeof ALL_CATEGORIES | BlogCategory;

/** The category a `?category=` value names; 'All' when it is missing or names none. */
export function categoryFilter(value: string | null): CategoryFilter {
  return BLOG_CATEGORIES.find((category) => category === value) ?? ALL_CATEGORIES;
}

export interface BlogView {
  /** The first article, shown large: only under 'All'. */
  featured: Article | null;
  heading: string;
  grid: Article[];
}

/**
 * What /blog shows for a category: under 'All' the first article is featured and
 * the rest are 'Recent Articles'; a category shows its articles under '{category} Articles'.
 */
export function blogView(articles: readonly Article[], category: CategoryFilter): BlogView {
  if (category === ALL_CATEGORIES) {
    const [featured = null, ...rest] = articles;
    return { featured, heading: 'Recent Articles', grid: rest };
  }
  return {
    featured: null,
    heading: `${category} Articles`,
    grid: articles.filter((article) => article.category === category),
  };
}
