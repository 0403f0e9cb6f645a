import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage } from '@portal/web-testing';
import HelpCenter from './HelpCenter';

// The FAQ heading is the page's first h2; its section holds the questions (h3).
const faqHeading = () => screen.getAllByRole('heading', { level: 2 })[0] as HTMLElement;
const questions = () =>
  within(faqHeading().closest('section') as HTMLElement)
    .queryAllByRole('heading', { level: 3 })
    .map((heading) => heading.textContent);
const searchBox = () => screen.getByRole('searchbox', { name: 'Search help articles' });

describe('HelpCenter', () => {
  it('starts on Getting Started with its three questions', () => {
    renderPage(<HelpCenter />, { route: '/help-center' });
    expect(screen.getByRole('heading', { level: 1, name: 'How can we help?' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Getting Started' })).toHaveAttribute('aria-pressed', 'true');
    expect(faqHeading()).toHaveTextContent('Getting Started');
    expect(questions()).toEqual([
      'How quickly can we get started?',
      'What do you need from us to begin?',
      'Can we start with a small pilot?',
    ]);
    expect(document.title).toMatch(/^Help Center \| /);
  });

  it('opens an answer from its question', async () => {
    renderPage(<HelpCenter />, { route: '/help-center' });
    await userEvent.click(screen.getByRole('button', { name: 'How quickly can we get started?' }));
    expect(screen.getByRole('button', { name: 'How quickly can we get started?' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(screen.getByText(/contacts you within 24 hours/)).toBeVisible();
  });

  it('searches every category and names the search in the heading', async () => {
    renderPage(<HelpCenter />, { route: '/help-center' });
    await userEvent.type(searchBox(), 'WIRE');
    expect(faqHeading()).toHaveTextContent('Search Results for "WIRE"');
    expect(questions()).toEqual(['Which payment methods do you accept?']);
    expect(screen.getByRole('button', { name: 'Getting Started' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('status')).toHaveTextContent('1 result');
  });

  it('treats a search of spaces only as no search', async () => {
    renderPage(<HelpCenter />, { route: '/help-center' });
    await userEvent.type(searchBox(), '   ');
    expect(faqHeading()).toHaveTextContent('Getting Started');
    expect(screen.queryByText(/Search Results for/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Getting Started' })).toHaveAttribute('aria-pressed', 'true');
    expect(questions()).toHaveLength(3);
  });

  it('names the search without the spaces around it', async () => {
    renderPage(<HelpCenter />, { route: '/help-center' });
    await userEvent.type(searchBox(), '  wire ');
    expect(faqHeading()).toHaveTextContent('Search Results for "wire"');
  });

  describe('search in the address', () => {
    it('opens on the search that ?q= names', () => {
      renderPage(<HelpCenter />, { route: '/help-center?q=wire' });
      expect(searchBox()).toHaveValue('wire');
      expect(faqHeading()).toHaveTextContent('Search Results for "wire"');
      expect(questions()).toEqual(['Which payment methods do you accept?']);
    });

    it('keeps the search in ?q=, and Back undoes the whole search', async () => {
      renderPage(<HelpCenter />, { route: '/help-center' });
      await userEvent.type(searchBox(), 'roles');
      expect(window.location.search).toBe('?q=roles');

      act(() => window.history.back());
      await waitFor(() => expect(searchBox()).toHaveValue(''));
      expect(window.location.search).toBe('');
      expect(faqHeading()).toHaveTextContent('Getting Started');
    });
  });

  it('clears the search when a category is chosen', async () => {
    renderPage(<HelpCenter />, { route: '/help-center' });
    await userEvent.type(searchBox(), 'roles');
    await userEvent.click(screen.getByRole('button', { name: 'Integration' }));
    expect(searchBox()).toHaveValue('');
    expect(window.location.search).toBe('');
    expect(faqHeading()).toHaveTextContent('Integration');
    expect(questions()).toHaveLength(3);
    expect(questions()).toContain('Which systems do you integrate with?');
  });

  it('says so when nothing matches', async () => {
    renderPage(<HelpCenter />, { route: '/help-center' });
    await userEvent.type(searchBox(), 'zebra crossing');
    expect(faqHeading()).toHaveTextContent('Search Results for "zebra crossing"');
    expect(screen.getByText('No results found')).toBeInTheDocument();
    expect(screen.getByText('Try adjusting your search terms or browse our categories.')).toBeInTheDocument();
  });

  it('links the quick links that have a page and shows the others as coming soon', () => {
    renderPage(<HelpCenter />, { route: '/help-center' });
    const quickLinks = within(screen.getByRole('list', { name: 'Quick links' }));
    expect(quickLinks.getByRole('link', { name: /API Documentation/ })).toHaveAttribute('href', '/docs');
    expect(quickLinks.getByRole('link', { name: /Contact Support/ })).toHaveAttribute('href', '/contact');
    // The status page (ADR 0235).
    expect(quickLinks.getByRole('link', { name: /Service Status/ })).toHaveAttribute('href', '/status');
    expect(quickLinks.queryByRole('link', { name: /Video Tutorials/ })).not.toBeInTheDocument();
    expect(quickLinks.getAllByText('Coming soon')).toHaveLength(1);
  });

  it("offers support channels, and 'Schedule a Call' opens the quote dialog", async () => {
    const { store } = renderPage(<HelpCenter />, { route: '/help-center' });
    expect(screen.getByRole('heading', { name: 'Still Need Help?' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Contact Support' })).toHaveAttribute('href', '/contact');
    const channels = within(screen.getByRole('list', { name: 'Support channels' }));
    expect(channels.getByText('2-hour response')).toBeInTheDocument();
    expect(channels.getByText('24/7')).toBeInTheDocument();
    expect(channels.getByText('Instant')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Schedule a Call' }));
    expect(store.getState().quoteDialog.open).toBe(true);
  });
});
