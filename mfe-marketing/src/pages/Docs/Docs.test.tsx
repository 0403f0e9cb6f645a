import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage, tabLabels } from '@portal/web-testing';
import Docs from './Docs';
import { COPY_UNAVAILABLE } from './CodeSample';

const listings = () => [...document.querySelectorAll('pre')];

/**
 * A screen at least as wide as MUI's md breakpoint: the test preset's matchMedia stub (which answers
 * every media query with false) with every query matching.
 */
function wideScreen() {
  const narrowScreen = window.matchMedia;
  jest.spyOn(window, 'matchMedia').mockImplementation((query) => ({ ...narrowScreen(query), matches: true }));
}

afterEach(() => jest.restoreAllMocks());

describe('Docs', () => {
  it('opens on Getting Started with the six sections and a way to support', () => {
    wideScreen();
    renderPage(<Docs />, { route: '/docs' });
    expect(screen.getByRole('heading', { level: 1, name: 'Developer documentation' })).toBeInTheDocument();
    expect(tabLabels('Documentation sections')).toEqual([
      'Getting Started',
      'API Reference',
      'Webhooks',
      'Authentication',
      'Integrations',
      'Code Examples',
    ]);
    expect(screen.getByRole('tab', { name: 'Getting Started' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName('Getting Started');
    expect(screen.getByText(/1000 requests per hour per API key/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Contact Support' })).toHaveAttribute('href', '/contact');
    expect(document.title).toMatch(/^Docs \| /);
  });

  it('documents the API of the spec', async () => {
    wideScreen();
    renderPage(<Docs />, { route: '/docs' });
    await userEvent.click(screen.getByRole('tab', { name: 'API Reference' }));
    for (const heading of ['POST /tickets', 'GET /tickets/{id}', 'GET /agents', 'Rate limits']) {
      expect(screen.getByRole('heading', { level: 3, name: heading })).toBeInTheDocument();
    }
    expect(screen.getByText(/X-RateLimit-Remaining/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Webhooks' }));
    expect(screen.getByText(/ticket\.created:/)).toBeInTheDocument();
    expect(screen.getByText(/call\.completed:/)).toBeInTheDocument();
    expect(screen.getByText(/must answer 200 within 10 seconds/)).toBeInTheDocument();
  });

  it('offers the sections as a select on phones', async () => {
    renderPage(<Docs />, { route: '/docs' });
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    const select = screen.getByRole('combobox', { name: 'Documentation section' });
    expect(select).toHaveValue('getting-started');
    expect(screen.getByRole('region', { name: 'Getting Started' })).toBeInTheDocument();
    await userEvent.selectOptions(select, 'Webhooks');
    expect(screen.getByRole('region', { name: 'Webhooks' })).toHaveTextContent(/ticket\.created/);
  });

  it('numbers the steps of the first request and sets paths and names in code font', () => {
    renderPage(<Docs />, { route: '/docs' });
    const steps = screen.getByRole('heading', { level: 3, name: 'Your first request in three steps' })
      .nextElementSibling as HTMLElement;
    expect(steps.tagName).toBe('OL');
    expect(within(steps).getAllByRole('listitem')).toHaveLength(3);
    const codeTexts = [...steps.querySelectorAll('code')].map((element) => element.textContent);
    expect(codeTexts).toEqual(expect.arrayContaining(['GET /agents', 'POST /tickets', 'GET /tickets/{id}']));
  });

  describe('section in the address', () => {
    it('opens on the section that the #hash names', () => {
      wideScreen();
      renderPage(<Docs />, { route: '/docs#webhooks' });
      expect(screen.getByRole('tab', { name: 'Webhooks' })).toHaveAttribute('aria-selected', 'true');
      expect(screen.getByRole('tabpanel')).toHaveAccessibleName('Webhooks');
    });

    it('opens on Getting Started when the hash names no section', () => {
      renderPage(<Docs />, { route: '/docs#nowhere' });
      expect(screen.getByRole('combobox', { name: 'Documentation section' })).toHaveValue('getting-started');
    });

    it('puts the chosen section in the hash, and Back returns to the one before', async () => {
      wideScreen();
      renderPage(<Docs />, { route: '/docs' });
      await userEvent.click(screen.getByRole('tab', { name: 'Webhooks' }));
      expect(window.location.hash).toBe('#webhooks');
      await userEvent.click(screen.getByRole('tab', { name: 'Authentication' }));
      expect(window.location.hash).toBe('#authentication');

      act(() => window.history.back());
      await waitFor(() => expect(screen.getByRole('tabpanel')).toHaveAccessibleName('Webhooks'));
      act(() => window.history.back());
      await waitFor(() => expect(screen.getByRole('tabpanel')).toHaveAccessibleName('Getting Started'));
    });

    it('does the same from the select on phones', async () => {
      renderPage(<Docs />, { route: '/docs' });
      await userEvent.selectOptions(
        screen.getByRole('combobox', { name: 'Documentation section' }),
        'Webhooks',
      );
      expect(window.location.hash).toBe('#webhooks');
    });
  });

  it('switches every sample to the chosen language', async () => {
    wideScreen();
    renderPage(<Docs />, { route: '/docs' });
    await userEvent.click(screen.getByRole('tab', { name: 'Code Examples' }));
    expect(listings()[0]).toHaveTextContent(/await fetch/);

    const switches = screen.getAllByRole('group', { name: /^Language of / });
    expect(switches).toHaveLength(3);
    await userEvent.click(within(switches[0] as HTMLElement).getByRole('button', { name: 'Python' }));
    expect(listings()).toHaveLength(3);
    for (const pre of listings()) expect(pre).toHaveTextContent(/^(import|from flask import) /);
    for (const group of screen.getAllByRole('group', { name: /^Language of / })) {
      expect(within(group).getByRole('button', { name: 'Python' })).toHaveAttribute('aria-pressed', 'true');
    }

    await userEvent.click(screen.getByRole('tab', { name: 'Getting Started' }));
    expect(listings()[0]).toHaveTextContent(/^import os/);
    await userEvent.click(screen.getByRole('button', { name: 'PHP' }));
    expect(listings()[0]).toHaveTextContent(/^<\?php/);
  });

  it("copies a sample and confirms with 'Copied'", async () => {
    const user = userEvent.setup();
    renderPage(<Docs />, { route: '/docs' });
    const writeText = jest.spyOn(navigator.clipboard, 'writeText');
    await user.click(screen.getByRole('button', { name: 'Copy List your agents (JavaScript)' }));
    expect(writeText).toHaveBeenCalledWith(
      expect.stringContaining("fetch('https://api.millstonecx.com/v1/agents'"),
    );
    expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Copied to the clipboard');
  });

  it('explains how to copy by hand when the clipboard is unavailable', async () => {
    const user = userEvent.setup();
    renderPage(<Docs />, { route: '/docs' });
    jest
      .spyOn(navigator.clipboard, 'writeText')
      .mockRejectedValue(new DOMException('Denied', 'NotAllowedError'));
    await user.click(screen.getByRole('button', { name: /^Copy / }));
    expect(screen.getByRole('status')).toHaveTextContent(COPY_UNAVAILABLE);
    expect(screen.queryByRole('button', { name: 'Copied' })).not.toBeInTheDocument();
  });
});
