import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage } from '@portal/web-testing';
import { Home } from './Home';

/** Stands in for the browser's IntersectionObserver; `reportIntersecting` plays the browser's part. */
function fakeIntersectionObserver() {
  const callbacks: IntersectionObserverCallback[] = [];
  globalThis.IntersectionObserver = class {
    constructor(callback: IntersectionObserverCallback) {
      callbacks.push(callback);
    }
    observe() {}
    disconnect() {}
  } as unknown as typeof IntersectionObserver;
  return {
    reportIntersecting: () =>
      act(() => {
        for (const callback of callbacks) {
          callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver);
        }
      }),
  };
}

describe('Home', () => {
  afterEach(() => {
    delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
  });

  describe('first paint', () => {
    beforeEach(() => fakeIntersectionObserver());

    it('leads with a benefit-led headline and names the page', () => {
      renderPage(<Home />);
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/60% less/);
      expect(document.title).toMatch(/^Contact-center and AI-automation outsourcing \| /);
    });

    it("opens the shell's quote dialog from 'Get a Quote'", async () => {
      const { store } = renderPage(<Home />);
      expect(store.getState().quoteDialog.open).toBe(false);
      await userEvent.click(screen.getByRole('button', { name: 'Get a Quote' }));
      expect(store.getState().quoteDialog.open).toBe(true);
    });

    it("links 'Explore Platform' to /platform", () => {
      renderPage(<Home />);
      expect(screen.getByRole('link', { name: 'Explore Platform' })).toHaveAttribute('href', '/platform');
    });

    it('shows the six metric tiles of the spec', () => {
      renderPage(<Home />);
      for (const [value, label] of [
        ['60%', 'Cost reduction'],
        ['-35s', 'Faster resolution'],
        ['+28%', 'NPS increase'],
        ['97%', 'First-call resolution'],
        ['85%', 'Automation rate'],
        ['24/7', 'Coverage'],
      ]) {
        expect(screen.getByText(value)).toBeInTheDocument();
        expect(screen.getByText(label)).toBeInTheDocument();
      }
    });

    it('keeps the sections below the tiles out of the first paint', async () => {
      renderPage(<Home />);
      // Time enough for a chunk that was asked for to arrive.
      await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
      expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    });
  });

  it('gives every h2 its own wording: no two headings both start "Results our clients"', async () => {
    renderPage(<Home />);
    await screen.findByRole('tablist', { name: 'Capabilities' });
    const titles = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent ?? '');
    expect(titles.filter((title) => title.startsWith('Results our clients'))).toHaveLength(1);
    expect(new Set(titles).size).toBe(titles.length);
  });

  describe('sections below the tiles', () => {
    it('load once the visitor scrolls', async () => {
      fakeIntersectionObserver();
      renderPage(<Home />);
      fireEvent.scroll(window);
      expect(await screen.findByRole('tablist', { name: 'Capabilities' })).toBeInTheDocument();
      expect(screen.getByRole('group', { name: 'Choose a success story' })).toBeInTheDocument();
      expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    });

    it('load once their place nears the viewport', async () => {
      const browser = fakeIntersectionObserver();
      renderPage(<Home />);
      browser.reportIntersecting();
      expect(await screen.findByRole('tablist', { name: 'Capabilities' })).toBeInTheDocument();
    });

    it('load at once where IntersectionObserver is missing', async () => {
      renderPage(<Home />);
      expect(await screen.findByRole('tablist', { name: 'Capabilities' })).toBeInTheDocument();
    });
  });
});
