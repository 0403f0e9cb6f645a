import { HELP_ARTICLE_IDS, HELP_ARTICLES, HELP_CATEGORIES, helpArticleById } from './articles';

describe('help center articles', () => {
  it.each(HELP_CATEGORIES.map((category) => [category.id]))('has three articles in %s', (id) => {
    expect(HELP_ARTICLES.filter((article) => article.category === id)).toHaveLength(3);
  });

  it('has 15 articles in the five categories of the spec', () => {
    expect(HELP_ARTICLES).toHaveLength(15);
    expect(HELP_CATEGORIES.map(({ id, name }) => [id, name])).toEqual([
      ['getting-started', 'Getting Started'],
      ['billing', 'Billing & Plans'],
      ['technical', 'Technical Support'],
      ['integration', 'Integration'],
      ['account', 'Account Management'],
    ]);
  });

  it('gives every article a distinct slug id, found again by helpArticleById', () => {
    expect(new Set(HELP_ARTICLE_IDS).size).toBe(HELP_ARTICLES.length);
    for (const article of HELP_ARTICLES) {
      expect(article.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(article.id.length).toBeLessThanOrEqual(100);
      expect(helpArticleById(article.id)).toBe(article);
    }
    expect(helpArticleById('no-such-article')).toBeUndefined();
  });

  it('keeps the ids already published (deflections counted refer to them)', () => {
    expect(HELP_ARTICLE_IDS.slice(0, 3)).toEqual([
      'how-quickly-can-we-get-started',
      'what-do-you-need-from-us-to-begin',
      'can-we-start-with-a-small-pilot',
    ]);
  });

  it.each([
    ['within 24 hours'],
    ['5-10 business days'],
    ['2-3 weeks'],
    ['2-5 business days'],
    ['1-2 weeks'],
    ['30-day money-back guarantee'],
    ['30 days notice'],
    ['next billing cycle'],
    ['200+'],
    ['within 2 hours'],
    ['24/7'],
    ['up to 60%'],
    ['wire'],
    ['ACH'],
    ['Team Management'],
  ])('states "%s"', (claim) => {
    expect(HELP_ARTICLES.some((article) => article.answer.includes(claim))).toBe(true);
  });
});
