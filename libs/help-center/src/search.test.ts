import { HELP_ARTICLES, type HelpArticle } from './articles';
import { MAX_SUGGESTED_ARTICLES, searchArticles, suggestArticles } from './search';
import { sampleArticles as articles } from './testing';

const ids = (articles: HelpArticle[]) => articles.map((article) => article.id);

describe('searchArticles', () => {
  it('matches question or answer, any case, in every category; blank matches nothing', () => {
    expect(ids(searchArticles(articles, 'ach'))).toEqual(['pay']);
    expect(ids(searchArticles(articles, ' HOW QUICK '))).toEqual(['start']);
    expect(ids(searchArticles(articles, 'policies and'))).toEqual(['need']);
    expect(searchArticles(articles, '   ')).toEqual([]);
    expect(searchArticles(articles, 'zebra')).toEqual([]);
  });
});

describe('suggestArticles', () => {
  it.each([
    ['Invoice payment failed', ['which-payment-methods-do-you-accept']],
    ['KPI dashboard is empty', ['why-does-my-kpi-dashboard-show-no-data']],
    ['Where are my orders?', ['where-can-i-see-my-orders']],
    ['How do I add team members', ['how-do-i-add-team-members-and-manage-their-access']],
  ])('suggests for "%s" the article that answers it first', (title, expected) => {
    expect(ids(suggestArticles(title)).slice(0, expected.length)).toEqual(expected);
  });

  it('matches word forms and a word still being typed', () => {
    expect(ids(suggestArticles('Cancelling my plans'))[0]).toBe(
      'can-i-change-or-cancel-my-plan-and-is-there-a-guarantee',
    );
    expect(ids(suggestArticles('integr'))).toEqual([
      'which-systems-do-you-integrate-with',
      'how-long-does-an-api-integration-take',
      'how-do-i-connect-my-crm-or-phone-system',
    ]);
  });

  it('suggests at most three, and nothing for a title of stop words or unknown words', () => {
    expect(suggestArticles('billing plans payment cards pricing guarantee')).toHaveLength(
      MAX_SUGGESTED_ARTICLES,
    );
    expect(suggestArticles('')).toEqual([]);
    expect(suggestArticles('Help, it is not working')).toEqual([]);
    expect(suggestArticles('Dialer down since 9 am')).toEqual([]);
  });

  it('needs a word of the question, or two of the answer: one word of an answer is not enough', () => {
    expect(ids(suggestArticles('policies', articles))).toEqual([]);
    expect(ids(suggestArticles('policies contact', articles))).toEqual(['need']);
    expect(ids(suggestArticles('payment', articles))).toEqual(['pay']);
  });

  it('only ever suggests articles of the help center', () => {
    for (const article of suggestArticles('account data orders team'))
      expect(HELP_ARTICLES).toContain(article);
  });
});
