import { parseMarkup } from '../../markup/parse-markup';
import { ARTICLES, BLOG_CATEGORIES } from './articles';

const words = (markup: string) => markup.replace(/[#*-]/g, ' ').split(/\s+/).filter(Boolean).length;

describe('blog articles', () => {
  it('are the six of the spec, with their categories', () => {
    expect(ARTICLES.map(({ slug, category }) => [slug, category])).toEqual([
      ['reduce-customer-service-costs', 'Cost Optimization'],
      ['ai-automation-vs-human-touch', 'AI Technology'],
      ['when-to-outsource-call-center', 'Business Strategy'],
      ['building-customer-loyalty', 'Customer Experience'],
      ['scaling-outsourced-support', 'Business Growth'],
      ['roi-of-customer-service', 'Analytics'],
    ]);
    expect(new Set(ARTICLES.map((article) => article.category))).toEqual(new Set(BLOG_CATEGORIES));
  });

  it.each(ARTICLES.map((article) => [article.slug, article]))(
    '%s has a full body, dated and timed',
    (_slug, article) => {
      expect(words(article.content)).toBeGreaterThanOrEqual(700);
      expect(words(article.content)).toBeLessThanOrEqual(1200);
      const blocks = parseMarkup(article.content);
      expect(blocks.filter((block) => block.type === 'heading').length).toBeGreaterThanOrEqual(3);
      expect(blocks.some((block) => block.type === 'list')).toBe(true);
      expect(blocks.some((block) => block.type === 'highlight')).toBe(true);
      expect(article.date).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
      expect(article.readTime).toMatch(/^\d+ min read$/);
      expect(article.imageAlt).not.toBe('');
    },
  );

  it('never contradicts the company claims', () => {
    const all = ARTICLES.map((article) => article.content).join('\n');
    expect(all).not.toMatch(/\b(?:[1-57-9]\d|\d)% average saving/);
    for (const match of all.matchAll(/(\d+) to (\d+) business days/g)) {
      expect(['5 to 10', '2 to 5']).toContain(`${match[1]} to ${match[2]}`);
    }
  });
});
