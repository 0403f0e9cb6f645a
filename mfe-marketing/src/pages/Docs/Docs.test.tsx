import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage, stubFetch, tabLabels } from '@portal/web-testing';
import { loadRuntimeConfig } from '@portal/store/runtime-config';
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

/** The base URL this deployment's runtime config names (read once per page, as in the browser). */
const API_BASE_URL = 'https://api.example.com/v1';

beforeEach(() => {
  stubFetch({ 'GET /runtime-config.json': { status: 200, body: { api: { baseUrl: API_BASE_URL } } } });
});

afterEach(() => jest.restoreAllMocks());

/** The page at `route`, once it has read the runtime config. */
async function renderDocs(route: string) {
  renderPage(<Docs />, { route });
  await act(async () => {
    await loadRuntimeConfig();
  });
}

describe('Docs', () => {
  it('opens on Getting Started with the six sections and a way to support', async () => {
    wideScreen();
    await renderDocs('/docs');
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

  it("shows this site's /v1 until the runtime config names the deployment's base URL, then that one", async () => {
    renderPage(<Docs />, { route: '/docs' });
    const basics = () => screen.getByText('Base URL:').closest('li') as HTMLElement;
    expect(basics()).toHaveTextContent(`Base URL: ${window.location.origin}/v1 (`);
    await waitFor(() => expect(basics()).toHaveTextContent(`Base URL: ${API_BASE_URL} (`));
    expect(listings()[0]).toHaveTextContent(`fetch('${API_BASE_URL}/agents'`);
    expect(document.body).not.toHaveTextContent('api.millstonecx.com');
  });

  it('documents the API of the spec, from its OpenAPI description', async () => {
    wideScreen();
    await renderDocs('/docs');
    await userEvent.click(screen.getByRole('tab', { name: 'API Reference' }));
    for (const heading of [
      'POST /tickets',
      'GET /tickets/{id}',
      'GET /tickets',
      'GET /agents',
      'Rate limits',
      'Errors',
    ]) {
      expect(screen.getByRole('heading', { level: 3, name: heading })).toBeInTheDocument();
    }
    const panel = screen.getByRole('tabpanel');
    expect(panel).toHaveTextContent(`${API_BASE_URL}/openapi.json`);
    expect(panel).toHaveTextContent(
      'priority (string, optional, one of low, medium, high, default medium): How urgent the ticket is.',
    );
    expect(panel).toHaveTextContent('subject (string, required, at most 200 characters)');
    expect(panel).toHaveTextContent('limit (query, integer, optional, 1 to 100, default 10)');
    expect(panel).toHaveTextContent('Idempotency-Key (header, string, optional');
    expect(panel).toHaveTextContent('403: The API key lacks the scope this operation needs.');
    expect(panel).toHaveTextContent(/X-RateLimit-Reset: when the oldest request counted leaves the window/);
    expect(panel).toHaveTextContent('Retry-After');
    expect(panel).toHaveTextContent('rate_limit_error');
    expect(panel).toHaveTextContent('"request_id":');
    expect(panel).not.toHaveTextContent('statusCode');

    await userEvent.click(screen.getByRole('tab', { name: 'Webhooks' }));
    expect(screen.getByText(/ticket\.created:/)).toBeInTheDocument();
    expect(screen.getByText(/call\.completed:/)).toBeInTheDocument();
    expect(screen.getByText(/must answer 200 within 10 seconds/)).toBeInTheDocument();
    const webhooks = screen.getByRole('tabpanel');
    expect(webhooks).toHaveTextContent('X-Portal-Signature');
    expect(webhooks).toHaveTextContent('X-Portal-Event-Id');
    expect(webhooks).toHaveTextContent('exponential back-off for 24 hours');
    expect(webhooks).toHaveTextContent('Send test event');

    await userEvent.click(screen.getByRole('tab', { name: 'Authentication' }));
    const authentication = screen.getByRole('tabpanel');
    expect(authentication).toHaveTextContent('/dashboard/developers');
    for (const scope of ['tickets:read', 'tickets:write', 'agents:read', 'webhooks:manage']) {
      expect(authentication).toHaveTextContent(scope);
    }
    expect(authentication).toHaveTextContent('401 Unauthorized');
    expect(authentication).toHaveTextContent('403 Forbidden');
  });

  it('offers the sections as a select on phones', async () => {
    await renderDocs('/docs');
    // The sidebar's tabs are there too, hidden by a media query jsdom does not apply (e2e: marketing-library).
    const select = screen.getByRole('combobox', { name: 'Documentation section' });
    expect(select).toHaveValue('getting-started');
    expect(screen.getByRole('region', { name: 'Getting Started' })).toBeInTheDocument();
    await userEvent.selectOptions(select, 'Webhooks');
    expect(screen.getByRole('region', { name: 'Webhooks' })).toHaveTextContent(/ticket\.created/);
  });

  it('numbers the steps of the first request and sets paths and names in code font', async () => {
    await renderDocs('/docs');
    const steps = screen.getByRole('heading', { level: 3, name: 'Your first request in three steps' })
      .nextElementSibling as HTMLElement;
    expect(steps.tagName).toBe('OL');
    expect(within(steps).getAllByRole('listitem')).toHaveLength(3);
    const codeTexts = [...steps.querySelectorAll('code')].map((element) => element.textContent);
    expect(codeTexts).toEqual(expect.arrayContaining(['GET /agents', 'POST /tickets', 'GET /tickets/{id}']));
  });

  describe('section in the address', () => {
    it('opens on the section that the #hash names', async () => {
      wideScreen();
      await renderDocs('/docs#webhooks');
      expect(screen.getByRole('tab', { name: 'Webhooks' })).toHaveAttribute('aria-selected', 'true');
      expect(screen.getByRole('tabpanel')).toHaveAccessibleName('Webhooks');
    });

    it('opens on Getting Started when the hash names no section', async () => {
      await renderDocs('/docs#nowhere');
      expect(screen.getByRole('combobox', { name: 'Documentation section' })).toHaveValue('getting-started');
    });

    it('puts the chosen section in the hash, and Back returns to the one before', async () => {
      wideScreen();
      await renderDocs('/docs');
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
      await renderDocs('/docs');
      await userEvent.selectOptions(
        screen.getByRole('combobox', { name: 'Documentation section' }),
        'Webhooks',
      );
      expect(window.location.hash).toBe('#webhooks');
    });
  });

  it('switches every sample to the chosen language', async () => {
    wideScreen();
    await renderDocs('/docs');
    await userEvent.click(screen.getByRole('tab', { name: 'Code Examples' }));
    expect(listings()[0]).toHaveTextContent(/await fetch/);

    const switches = screen.getAllByRole('group', { name: /^Language of / });
    expect(switches).toHaveLength(3);
    await userEvent.click(within(switches[0] as HTMLElement).getByRole('button', { name: 'Python' }));
    expect(listings()).toHaveLength(3);
    for (const pre of listings()) {
      expect(pre).toHaveTextContent(/^(import|#) /);
      expect(pre).toHaveTextContent(
        /os\.environ\["MILLSTONE_(API_KEY|WEBHOOK_SECRET)"\]|os\.environ\['MILLSTONE_API_KEY'\]/,
      );
    }
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
    await renderDocs('/docs');
    const writeText = jest.spyOn(navigator.clipboard, 'writeText');
    await user.click(screen.getByRole('button', { name: 'Copy List your agents (JavaScript)' }));
    expect(writeText).toHaveBeenCalledWith(expect.stringContaining(`fetch('${API_BASE_URL}/agents'`));
    expect(writeText).toHaveBeenCalledWith(expect.stringContaining('process.env.MILLSTONE_API_KEY'));
    expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Copied to the clipboard');
  });

  it('explains how to copy by hand when the clipboard is unavailable', async () => {
    const user = userEvent.setup();
    await renderDocs('/docs');
    jest
      .spyOn(navigator.clipboard, 'writeText')
      .mockRejectedValue(new DOMException('Denied', 'NotAllowedError'));
    await user.click(screen.getByRole('button', { name: /^Copy / }));
    expect(screen.getByRole('status')).toHaveTextContent(COPY_UNAVAILABLE);
    expect(screen.queryByRole('button', { name: 'Copied' })).not.toBeInTheDocument();
  });
});
