import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
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

const sectionsHeading = () =>
  screen.getByRole('heading', { level: 2, name: 'Learn from 2M+ customer conversations' });

/**
 * Renders the home page as it takes over a prerendered page: the gateway's copy (markup of the
 * sections below the tiles, as tools/prerender captured it) is in the document during the first
 * render, and gone after it, as when React replaces the section's slot.
 */
function renderPrerenderedHome(
  sectionsMarkup = '<section><h2>Learn from 2M+ customer conversations</h2></section>',
) {
  document.body.insertAdjacentHTML(
    'beforeend',
    `<div data-prerendered inert><div data-home-sections>${sectionsMarkup}</div></div>`,
  );
  const view = renderPage(<Home />);
  document.querySelector('[data-prerendered]')?.remove();
  return view;
}

describe('Home', () => {
  afterEach(() => {
    delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
  });

  describe('first paint', () => {
    beforeEach(() => fakeIntersectionObserver());
    // The sections below render too (their chunk arrives after the test's assertions).
    afterEach(() => screen.findByRole('tablist', { name: 'Capabilities' }, { timeout: 5000 }));

    it('leads with a benefit-led headline and names the page', () => {
      renderPage(<Home />);
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/60% less/);
      expect(document.title).toMatch(/^Contact-center and AI-automation outsourcing \| /);
    });

    it("opens the shell's quote dialog from 'Get a Quote'", async () => {
      const { store } = renderPage(<Home />);
      expect(store.getState().quoteDialog.open).toBe(false);
      const hero = screen.getByRole('region', { name: /60% less/ });
      await userEvent.click(within(hero).getByRole('button', { name: 'Get a Quote' }));
      expect(store.getState().quoteDialog.open).toBe(true);
    });

    it("links 'Explore Platform' to /platform", () => {
      renderPage(<Home />);
      expect(screen.getByRole('link', { name: 'Explore Platform' })).toHaveAttribute('href', '/platform');
    });

    it('shows the six metric tiles of the spec', () => {
      renderPage(<Home />);
      const tiles = within(screen.getByRole('region', { name: 'Results our clients measure' }));
      for (const [value, label] of [
        ['60%', 'Cost reduction'],
        ['-35s', 'Faster resolution'],
        ['+28%', 'NPS increase'],
        ['97%', 'First-call resolution'],
        ['85%', 'Automation rate'],
        ['24/7', 'Coverage'],
      ]) {
        expect(tiles.getByText(value)).toBeInTheDocument();
        expect(tiles.getByText(label)).toBeInTheDocument();
      }
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
    it('render at once on a visit from another page, before any scroll', async () => {
      fakeIntersectionObserver();
      renderPage(<Home />);
      expect(
        await screen.findByRole('tablist', { name: 'Capabilities' }, { timeout: 5000 }),
      ).toBeInTheDocument();
      expect(screen.getByRole('group', { name: 'Choose a success story' })).toBeInTheDocument();
      expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    });

    describe('on a prerendered page', () => {
      afterEach(() => document.querySelector('[data-prerendered]')?.remove());

      it('stay on screen from the first paint, and come alive when the visitor scrolls', async () => {
        fakeIntersectionObserver();
        renderPrerenderedHome();
        expect(sectionsHeading()).toBeInTheDocument();
        expect(screen.queryByRole('tablist')).not.toBeInTheDocument();

        fireEvent.scroll(window);
        expect(await screen.findByRole('tablist', { name: 'Capabilities' })).toBeInTheDocument();
        expect(
          screen.getAllByRole('heading', { name: 'Learn from 2M+ customer conversations' }),
        ).toHaveLength(1);
      });

      it('carry out a click made on the copy once they are alive', async () => {
        // The copy as the prerenderer captures it: the live sections' markup.
        const live = renderPage(<Home />);
        await screen.findByRole('tablist', { name: 'Capabilities' });
        const markup = (live.container.querySelector('[data-home-sections]') as HTMLElement).innerHTML;
        live.unmount();

        fakeIntersectionObserver();
        renderPrerenderedHome(markup);
        expect(screen.getByRole('tab', { name: 'AI Bots' })).toHaveAttribute('aria-selected', 'true');
        await userEvent.click(screen.getByRole('tab', { name: 'Analytics' }));
        await waitFor(() =>
          expect(screen.getByRole('tab', { name: 'Analytics' })).toHaveAttribute('aria-selected', 'true'),
        );
        expect(screen.getByRole('tab', { name: 'Analytics' })).toHaveFocus();
      });

      it('come alive once they near the viewport', async () => {
        const browser = fakeIntersectionObserver();
        renderPrerenderedHome();
        browser.reportIntersecting();
        expect(await screen.findByRole('tablist', { name: 'Capabilities' })).toBeInTheDocument();
      });

      it('come alive at once where IntersectionObserver is missing', async () => {
        renderPrerenderedHome();
        expect(await screen.findByRole('tablist', { name: 'Capabilities' })).toBeInTheDocument();
      });
    });
  });
});
