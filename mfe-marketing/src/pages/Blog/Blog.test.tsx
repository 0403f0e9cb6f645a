import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage } from '@portal/web-testing';
import Blog from './Blog';

const gridHeading = () => screen.getByRole('heading', { level: 2, name: /Articles$/ });
const gridTitles = () =>
  within(gridHeading().closest('section') as HTMLElement)
    .getAllByRole('heading', { level: 3 })
    .map((heading) => heading.textContent);

/**
 * The grid's column template at a viewport width, from the rules emotion put in the document
 * (jsdom lays nothing out, but it parses the sheets): the last matching rule whose min-width
 * query holds at that width wins, as in the browser.
 */
function gridColumnsAt(element: Element, width: number): string {
  let columns = '';
  const apply = (rules: CSSRuleList) => {
    for (const rule of Array.from(rules)) {
      if (rule instanceof CSSMediaRule) {
        const minWidth = /min-width:\s*(\d+)px/.exec(rule.media.mediaText);
        if (minWidth && Number(minWidth[1]) <= width) apply(rule.cssRules);
      } else if (
        rule instanceof CSSStyleRule &&
        rule.style.getPropertyValue('grid-template-columns') &&
        element.matches(rule.selectorText)
      ) {
        columns = rule.style.getPropertyValue('grid-template-columns');
      }
    }
  };
  for (const sheet of Array.from(document.styleSheets)) apply(sheet.cssRules);
  return columns;
}

describe('Blog', () => {
  it("starts on 'All' with the featured article and five recent ones", () => {
    renderPage(<Blog />, { route: '/blog' });
    expect(screen.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');
    const featured = screen.getByRole('article', {
      name: 'How to Cut Customer Service Costs by Up to 60% Without Losing Quality',
    });
    expect(within(featured).getByRole('link', { name: /Read More/ })).toHaveAttribute(
      'href',
      '/blog/reduce-customer-service-costs',
    );
    expect(gridHeading()).toHaveTextContent('Recent Articles');
    expect(gridTitles()).toHaveLength(5);
    expect(gridTitles()).not.toContain(
      'How to Cut Customer Service Costs by Up to 60% Without Losing Quality',
    );
  });

  it('lists the category buttons with All first', () => {
    renderPage(<Blog />, { route: '/blog' });
    const group = screen.getByRole('group', { name: 'Filter articles by category' });
    expect(
      within(group)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual([
      'All',
      'Cost Optimization',
      'AI Technology',
      'Business Strategy',
      'Customer Experience',
      'Business Growth',
      'Analytics',
    ]);
  });

  it('filters by category: no featured article, the heading names the category', async () => {
    renderPage(<Blog />, { route: '/blog' });
    await userEvent.click(screen.getByRole('button', { name: 'Analytics' }));
    expect(screen.getByRole('button', { name: 'Analytics' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'false');
    expect(gridHeading()).toHaveTextContent('Analytics Articles');
    expect(gridTitles()).toEqual(['Measuring the ROI of Customer Service']);
    expect(screen.queryByText('Featured')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Cost Optimization' }));
    expect(gridTitles()).toEqual(['How to Cut Customer Service Costs by Up to 60% Without Losing Quality']);
  });

  it('lays the grid out in 1 column on phones, 2 from tablets (600 px) and 3 on large screens', () => {
    renderPage(<Blog />, { route: '/blog' });
    const grid = within(gridHeading().closest('section') as HTMLElement).getAllByRole('article')[0]
      .parentElement as HTMLElement;
    expect(gridColumnsAt(grid, 390)).toBe('1fr');
    expect(gridColumnsAt(grid, 600)).toBe('repeat(2, 1fr)');
    expect(gridColumnsAt(grid, 700)).toBe('repeat(2, 1fr)');
    expect(gridColumnsAt(grid, 1199)).toBe('repeat(2, 1fr)');
    expect(gridColumnsAt(grid, 1280)).toBe('repeat(3, 1fr)');
  });

  it('shows each card with its category, author, date, read time and a Read More link', () => {
    renderPage(<Blog />, { route: '/blog' });
    const card = screen
      .getByRole('heading', { level: 3, name: 'Measuring the ROI of Customer Service' })
      .closest('article');
    const inCard = within(card as HTMLElement);
    expect(inCard.getByText('Analytics')).toBeInTheDocument();
    expect(inCard.getByText('Jennifer Walsh')).toBeInTheDocument();
    expect(inCard.getByText('October 10, 2024')).toBeInTheDocument();
    expect(inCard.getByText('5 min read')).toBeInTheDocument();
    expect(inCard.getByRole('img')).toHaveAttribute('width', '1200');
    expect(
      inCard.getByRole('link', { name: 'Read More about Measuring the ROI of Customer Service' }),
    ).toHaveAttribute('href', '/blog/roi-of-customer-service');
  });

  describe('category in the address', () => {
    it('opens on the category that ?category= names', () => {
      renderPage(<Blog />, { route: '/blog?category=AI%20Technology' });
      expect(screen.getByRole('button', { name: 'AI Technology' })).toHaveAttribute('aria-pressed', 'true');
      expect(gridHeading()).toHaveTextContent('AI Technology Articles');
    });

    it("falls back to 'All' for a category that does not exist", () => {
      renderPage(<Blog />, { route: '/blog?category=Gardening' });
      expect(screen.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');
      expect(gridHeading()).toHaveTextContent('Recent Articles');
    });

    it('puts the chosen category in the address, and Back returns to the one before', async () => {
      renderPage(<Blog />, { route: '/blog' });
      await userEvent.click(screen.getByRole('button', { name: 'Analytics' }));
      expect(window.location.search).toBe('?category=Analytics');
      await userEvent.click(screen.getByRole('button', { name: 'All' }));
      expect(window.location.search).toBe('');

      act(() => window.history.back());
      await waitFor(() => expect(gridHeading()).toHaveTextContent('Analytics Articles'));
      act(() => window.history.back());
      await waitFor(() => expect(gridHeading()).toHaveTextContent('Recent Articles'));
      expect(screen.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');
    });
  });

  it('offers the newsletter and the next steps', () => {
    renderPage(<Blog />, { route: '/blog' });
    expect(screen.getByRole('button', { name: 'Subscribe' })).toBeInTheDocument();
    expect(
      screen.getByText('No spam, unsubscribe at any time. We respect your privacy.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Get Started Today' })).toHaveAttribute('href', '/contact');
    expect(screen.getByRole('link', { name: 'View Our Services' })).toHaveAttribute('href', '/pricing');
    expect(document.title).toMatch(/^Blog \| /);
  });
});
