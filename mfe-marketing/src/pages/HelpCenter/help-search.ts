import {
  searchArticles,
  type HelpArticle,
  type HelpCategory,
  type HelpCategoryId,
} from '@portal/help-center';

export interface FaqView {
  /** True while a search overrides the category. */
  searching: boolean;
  heading: string;
  faqs: HelpArticle[];
}

/**
 * The FAQs the help center shows: a search (spaces around it ignored, blank is none) overrides the category and
 * matches question or answer of every category, case-insensitive substring (`searchArticles`), under
 * 'Search Results for "{text}"'; otherwise the chosen category's questions under its name.
 */
export function faqView(
  faqs: readonly HelpArticle[],
  categories: readonly HelpCategory[],
  { category, search }: { category: HelpCategoryId; search: string },
): FaqView {
  const text = search.trim();
  if (text) {
    return { searching: true, heading: `Search Results for "${text}"`, faqs: searchArticles(faqs, text) };
  }
  return {
    searching: false,
    heading: categories.find((each) => each.id === category)?.name ?? '',
    faqs: faqs.filter((faq) => faq.category === category),
  };
}
