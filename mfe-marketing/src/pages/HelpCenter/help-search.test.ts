import { HELP_CATEGORIES, type HelpArticle, type HelpCategory } from '@portal/help-center';
import { sampleArticles as faqs } from '@portal/help-center/testing';
import { faqView } from './help-search';

const categories: HelpCategory[] = HELP_CATEGORIES.slice(0, 2);
const questions = (view: { faqs: HelpArticle[] }) => view.faqs.map((faq) => faq.question);

describe('faqView', () => {
  it("shows the chosen category's questions under its name when there is no search", () => {
    const view = faqView(faqs, categories, { category: 'billing', search: '' });
    expect(view).toEqual({ searching: false, heading: 'Billing & Plans', faqs: [faqs[2]] });
  });

  it('searches every category, whatever category is chosen', () => {
    const view = faqView(faqs, categories, { category: 'billing', search: 'need' });
    expect(view.searching).toBe(true);
    expect(view.heading).toBe('Search Results for "need"');
    expect(questions(view)).toEqual(['What do you need?']);
  });

  it('matches the answer as well as the question, ignoring case', () => {
    expect(questions(faqView(faqs, categories, { category: 'getting-started', search: 'ach' }))).toEqual([
      'Which payment methods?',
    ]);
    expect(
      questions(faqView(faqs, categories, { category: 'getting-started', search: 'HOW QUICK' })),
    ).toEqual(['How quickly can we start?']);
  });

  it('matches a substring as typed, spaces inside included and spaces around it ignored', () => {
    expect(questions(faqView(faqs, categories, { category: 'billing', search: ' policies and ' }))).toEqual([
      'What do you need?',
    ]);
    expect(faqView(faqs, categories, { category: 'billing', search: ' policies and ' }).heading).toBe(
      'Search Results for "policies and"',
    );
  });

  it('takes a search of spaces only for no search', () => {
    const spaces = faqView(faqs, categories, { category: 'billing', search: '   ' });
    expect(spaces.searching).toBe(false);
    expect(spaces.heading).toBe('Billing & Plans');
  });

  it('finds nothing for text in no question or answer', () => {
    expect(faqView(faqs, categories, { category: 'billing', search: 'zebra' }).faqs).toEqual([]);
  });
});
