import type { Faq, HelpCategory, HelpCategoryId } from '../../content/help-center';

export interface FaqView {
  /** True while a search overrides the category. */
  searching: boolean;
  heading: string;
  faqs: Faq[];
}

/**
 * The FAQs the help center shows: a search (spaces around it ignored, blank is none) overrides the category and
 * matches question or answer of every category, case-insensitive substring, under
 * 'Search Results for "{text}"'; otherwise the chosen category's questions under its name.
 */
export function faqView(
  faqs: readonly Faq[],
  categories: readonly HelpCategory[],
  { category, search }: { category: HelpCategoryId; search: string },
): FaqView {
  const text = search.trim();
  if (text) {
    const needle = text.toLowerCase();
    return {
      searching: true,
      heading: `Search Results for "${text}"`,
      faqs: faqs.filter(
        (faq) => faq.question.toLowerCase().includes(needle) || faq.answer.toLowerCase().includes(needle),
      ),
    };
  }
  return {
    searching: false,
    heading: categories.find((each) => each.id === category)?.name ?? '',
    faqs: faqs.filter((faq) => faq.category === category),
  };
}
