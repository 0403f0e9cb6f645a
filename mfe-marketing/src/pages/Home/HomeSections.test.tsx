import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage, tabLabels } from '@portal/web-testing';
import HomeSections from './HomeSections';

describe('home page below the tiles', () => {
  it('shows the six capability tabs, AI Bots first and selected', () => {
    renderPage(<HomeSections />);
    expect(tabLabels('Capabilities')).toEqual([
      'AI Bots',
      'Engagement',
      'Analytics',
      'Platform',
      'Channels',
      'WFM',
    ]);
    expect(screen.getByRole('tab', { name: 'AI Bots' })).toHaveAttribute('aria-selected', 'true');
    const panel = screen.getByRole('tabpanel', { name: 'AI Bots' });
    expect(within(panel).getByRole('heading', { level: 3 })).toHaveTextContent('AI bots that resolve');
  });

  it('switches the panel when another tab is chosen, by click or keyboard', async () => {
    renderPage(<HomeSections />);
    await userEvent.click(screen.getByRole('tab', { name: 'Analytics' }));
    expect(screen.getByRole('tab', { name: 'Analytics' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'AI Bots' })).toHaveAttribute('aria-selected', 'false');
    const analytics = screen.getByRole('tabpanel', { name: 'Analytics' });
    expect(within(analytics).getByRole('heading', { level: 3 })).toHaveTextContent(
      'Analytics that show what every conversation is worth',
    );
    expect(within(analytics).getAllByRole('listitem')).toHaveLength(4);

    await userEvent.keyboard('{ArrowRight}{Enter}');
    expect(screen.getByRole('tab', { name: 'Platform' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Platform' })).toBeVisible();
  });

  it("links each tab's 'Learn More' to its place on /platform", async () => {
    renderPage(<HomeSections />);
    expect(screen.getByRole('link', { name: 'Learn More about AI Bots' })).toHaveAttribute(
      'href',
      '/platform#ai-bots',
    );
    await userEvent.click(screen.getByRole('tab', { name: 'WFM' }));
    expect(screen.getByRole('link', { name: 'Learn More about WFM' })).toHaveAttribute(
      'href',
      '/platform#wfm',
    );
  });

  it('shows one success story at a time, chosen by the dots', async () => {
    renderPage(<HomeSections />);
    const dots = within(screen.getByRole('group', { name: 'Choose a success story' })).getAllByRole('button');
    expect(dots.map((dot) => dot.getAttribute('aria-label'))).toEqual([
      'Technology: Brightpath Software',
      'Healthcare: Harborview Family Health',
      'Retail: Cedar & Pine Outfitters',
    ]);
    expect(dots[0]).toHaveAttribute('aria-current', 'true');
    expect(screen.getByText('Brightpath Software')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Read Case Study' })).toHaveAttribute('href', '/blog');

    await userEvent.click(dots[1]);
    expect(dots[1]).toHaveAttribute('aria-current', 'true');
    expect(dots[0]).not.toHaveAttribute('aria-current');
    expect(screen.getByText('Harborview Family Health')).toBeInTheDocument();
    expect(screen.getByText('Healthcare')).toBeInTheDocument();
    expect(screen.queryByText('Brightpath Software')).not.toBeInTheDocument();
  });

  it('moves between stories with the arrow keys, Home and End, focus following', async () => {
    renderPage(<HomeSections />);
    const dots = within(screen.getByRole('group', { name: 'Choose a success story' })).getAllByRole('button');
    await userEvent.click(dots[0]);

    await userEvent.keyboard('{ArrowRight}');
    expect(dots[1]).toHaveFocus();
    expect(screen.getByText('Harborview Family Health')).toBeInTheDocument();

    await userEvent.keyboard('{End}');
    expect(dots[2]).toHaveFocus();
    expect(screen.getByText('Cedar & Pine Outfitters')).toBeInTheDocument();

    await userEvent.keyboard('{ArrowRight}');
    expect(dots[0]).toHaveFocus();
    expect(screen.getByText('Brightpath Software')).toBeInTheDocument();

    await userEvent.keyboard('{ArrowLeft}');
    expect(screen.getByText('Cedar & Pine Outfitters')).toBeInTheDocument();
  });

  it('offers the blog, a webinar and a report, each leading to /blog, and closes with Get a Quote', async () => {
    const { store } = renderPage(<HomeSections />);
    for (const name of ['Read the article', 'Watch the webinar', 'Read the report']) {
      expect(screen.getByRole('link', { name })).toHaveAttribute('href', '/blog');
    }
    for (const kind of ['Blog', 'Webinar', 'Report']) expect(screen.getByText(kind)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Get a Quote' }));
    expect(store.getState().quoteDialog.open).toBe(true);
  });
});
