import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { REDIRECT_DELAY_MS } from '@portal/ui';
import { checkingSession, renderPage, signedOut, tabLabels } from '@portal/web-testing';
import { loadDashboardApi } from '../../api/dashboard-api';
import { DashboardRoutes } from '../../Root';
import Dashboard from './Dashboard';
import {
  anAccount,
  anIntegration,
  customer,
  serverError,
  metricsWith,
  signedInAs,
  signedInCustomer,
  stubDashboardApi,
} from './dashboard-fixtures';
import { aCustomerTicket, aMessage } from './Support/support-fixtures';

const METRIC_EVENT =
  'event: metric\ndata: {"metricType":"calls","occurredAt":"2026-11-24T15:00:00.000Z"}\n\n';

/**
 * Answers `GET /api/kpi/stream` with an open event stream the test writes to (the other calls go to
 * the fetch stubbed before); the stream is cut when the page aborts it.
 */
function openMetricStream() {
  const stubbed = jest.mocked(globalThis.fetch).getMockImplementation()!;
  const encoder = new TextEncoder();
  let writer: ReadableStreamDefaultController<Uint8Array> | undefined;
  jest.mocked(globalThis.fetch).mockImplementation(async (input, init) => {
    if (new Request(input, init).url.endsWith('/api/kpi/stream')) {
      const body = new ReadableStream<Uint8Array>({ start: (controller) => void (writer = controller) });
      init?.signal?.addEventListener('abort', () => writer?.error(new DOMException('Aborted', 'AbortError')));
      writer!.enqueue(encoder.encode('event: ready\ndata: {}\n\n'));
      return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
    }
    return stubbed(input, init);
  });
  return { send: (text: string) => writer!.enqueue(encoder.encode(text)) };
}

const selectedTab = () =>
  within(screen.getByRole('tablist', { name: 'Dashboard sections' })).getByRole('tab', { selected: true });

describe('Dashboard', () => {
  beforeAll(() => loadDashboardApi());
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('asks a signed-out visitor to log in, then sends them to /login?redirect=/dashboard', async () => {
    jest.useFakeTimers();
    renderPage(<Dashboard />, { route: '/dashboard', state: signedOut });
    expect(await screen.findByText('Access Required')).toBeInTheDocument();
    expect(screen.getByText('Please log in to access your dashboard.')).toBeInTheDocument();
    expect(document.title).toBe('Customer Dashboard | Millstone CX');
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex');

    act(() => jest.advanceTimersByTime(REDIRECT_DELAY_MS - 1));
    expect(window.location.pathname).toBe('/dashboard');
    act(() => jest.advanceTimersByTime(1));
    expect(window.location.pathname + window.location.search).toBe('/login?redirect=/dashboard');
  });

  it('shows loading, not Access Required, while the current-user call runs', async () => {
    jest.useFakeTimers();
    renderPage(<Dashboard />, { route: '/customer-dashboard', state: checkingSession });
    // Not a findBy: the account's loading indicator may be replaced by the session's in between.
    await waitFor(() => expect(screen.getByLabelText('Loading page')).toBeInTheDocument());
    act(() => jest.advanceTimersByTime(REDIRECT_DELAY_MS * 2));
    expect(window.location.pathname).toBe('/customer-dashboard');
    expect(screen.queryByText('Access Required')).not.toBeInTheDocument();
  });

  it.each(['admin', 'billing'] as const)(
    'turns away a signed-in %s: the dashboard is for customers',
    async (role) => {
      renderPage(<Dashboard />, {
        route: '/dashboard',
        state: { session: { hasToken: true, user: { ...customer, role }, checking: false } },
      });
      expect(await screen.findByText('Access Required')).toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: 'Customer Dashboard' })).not.toBeInTheDocument();
    },
  );

  it.each(['customer', 'user'] as const)(
    'shows the CUSTOMER badge, Logout and the eight tabs (the five of the spec, Team, Developers and Settings) to a signed-in %s owner',
    async (role) => {
      stubDashboardApi();
      renderPage(<Dashboard />, {
        route: '/dashboard',
        state: { session: { hasToken: true, user: { ...customer, role }, checking: false } },
      });
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Customer Dashboard' }),
      ).toBeInTheDocument();
      expect(screen.getByText('CUSTOMER')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
      expect(tabLabels('Dashboard sections')).toEqual([
        'Overview',
        'Integrations',
        'KPIs',
        'Orders',
        'Support',
        'Team',
        'Developers',
        'Settings',
      ]);
      // A customer without a paid order: the onboarding checklist.
      expect(await screen.findByRole('heading', { name: 'Getting Started' })).toBeInTheDocument();
    },
  );

  it('shows the banner asking to verify the email address in the first paint, never under the tabs later', async () => {
    let answerAccount: () => void = () => undefined;
    const accountAnswered = new Promise<void>((resolve) => (answerAccount = resolve));
    stubDashboardApi({
      'GET /api/account': async () => {
        await accountAnswered;
        return { status: 200, body: anAccount({ emailVerified: false }) };
      },
    });
    renderPage(<Dashboard />, { route: '/dashboard', state: signedInCustomer });
    expect(await screen.findByLabelText('Loading page')).toBeInTheDocument();
    expect(screen.queryByRole('tablist', { name: 'Dashboard sections' })).not.toBeInTheDocument();

    answerAccount();
    await screen.findByRole('tablist', { name: 'Dashboard sections' });
    expect(screen.getByRole('region', { name: 'Verify your email address' })).toBeInTheDocument();
  });

  it('shows the dashboard without the banner when the account cannot be read', async () => {
    stubDashboardApi({ 'GET /api/account': serverError('Internal server error') });
    renderPage(<Dashboard />, { route: '/dashboard', state: signedInCustomer });
    expect(await screen.findByRole('tablist', { name: 'Dashboard sections' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Verify your email address' })).not.toBeInTheDocument();
  });

  it("sends 'Setup Integration' on the KPIs tab to the Integrations tab", async () => {
    stubDashboardApi({
      'GET /api/crm/integrations': { status: 200, body: [anIntegration({ isActive: false })] },
    });
    renderPage(<Dashboard />, { route: '/dashboard', state: signedInCustomer });
    await userEvent.click(await screen.findByRole('tab', { name: 'KPIs' }));
    expect(window.location.pathname).toBe('/dashboard/kpis');
    expect(await screen.findByText('No KPI data yet')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Setup Integration' }));
    expect(window.location.pathname).toBe('/dashboard/integrations');
    expect(selectedTab()).toHaveTextContent('Integrations');
    expect(screen.getByRole('tabpanel', { name: 'Integrations' })).toHaveTextContent('Sales CRM');
  });

  it("moves the Overview's Calls Today as the live stream reports metrics", async () => {
    localStorage.setItem('token', 'tok-1');
    let callsToday = 3;
    stubDashboardApi({
      'GET /api/kpi/metrics': () => ({
        status: 200,
        body: metricsWith({ calls: callsToday, leads: 1, conversions: 0 }),
      }),
    });
    const stream = openMetricStream();
    renderPage(<Dashboard />, { route: '/dashboard', state: signedInCustomer });
    const calls = within(await screen.findByRole('group', { name: 'Calls Today' }));
    expect(await calls.findByText('3')).toBeInTheDocument();

    callsToday = 4;
    await act(() => stream.send(METRIC_EVENT));
    expect(await calls.findByText('4')).toBeInTheDocument();
    localStorage.removeItem('token');
  });

  describe('tabs as addresses', () => {
    it('opens the Overview at /dashboard, and a tab click pushes its address', async () => {
      stubDashboardApi();
      renderPage(<Dashboard />, { route: '/dashboard', state: signedInCustomer });
      expect(await screen.findByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
      expect(
        await within(screen.getByRole('tabpanel', { name: 'Overview' })).findByText('Service Status'),
      ).toBeInTheDocument();

      await userEvent.click(screen.getByRole('tab', { name: 'Orders' }));
      expect(window.location.pathname).toBe('/dashboard/orders');
      expect(selectedTab()).toHaveTextContent('Orders');
      const panel = screen.getByRole('tabpanel', { name: 'Orders' });
      expect(await within(panel).findByText('No orders yet')).toBeInTheDocument();
    });

    it('opens the tab of the address, under the base the visitor is on', async () => {
      stubDashboardApi();
      renderPage(<Dashboard />, { route: '/customer-dashboard/support', state: signedInCustomer });
      expect(await screen.findByRole('tab', { name: 'Support' })).toHaveAttribute('aria-selected', 'true');
      expect(await screen.findByText('No support tickets')).toBeInTheDocument();

      await userEvent.click(screen.getByRole('tab', { name: 'KPIs' }));
      expect(window.location.pathname).toBe('/customer-dashboard/kpis');
      await userEvent.click(screen.getByRole('tab', { name: 'Overview' }));
      expect(window.location.pathname).toBe('/customer-dashboard');
    });

    it("opens a ticket's page under the Support tab, whose click goes back to the list", async () => {
      const ticket = aCustomerTicket({ title: 'Calls drop after 30 seconds' });
      stubDashboardApi({
        [`GET /api/support/tickets/${ticket.id}`]: { status: 200, body: ticket },
        [`GET /api/support/tickets/${ticket.id}/messages`]: { status: 200, body: { messages: [aMessage()] } },
      });
      renderPage(<Dashboard />, { route: `/dashboard/support/${ticket.id}`, state: signedInCustomer });
      expect(await screen.findByRole('tab', { name: 'Support' })).toHaveAttribute('aria-selected', 'true');
      expect(
        await screen.findByRole('heading', { level: 2, name: 'Calls drop after 30 seconds' }),
      ).toBeInTheDocument();

      await userEvent.click(screen.getByRole('tab', { name: 'Support' }));
      expect(window.location.pathname).toBe('/dashboard/support');
      expect(await screen.findByText('No support tickets')).toBeInTheDocument();
    });

    it('goes back to the previous tab with the browser’s Back', async () => {
      stubDashboardApi();
      renderPage(<Dashboard />, { route: '/dashboard', state: signedInCustomer });
      await userEvent.click(await screen.findByRole('tab', { name: 'Orders' }));
      await userEvent.click(screen.getByRole('tab', { name: 'Support' }));
      expect(window.location.pathname).toBe('/dashboard/support');

      act(() => window.history.back());
      // The tab change renders as a transition (ADR 0065): on a busy machine it takes over waitFor's 1 s.
      await waitFor(() => expect(window.location.pathname).toBe('/dashboard/orders'), { timeout: 5_000 });
      await waitFor(() => expect(selectedTab()).toHaveTextContent('Orders'), { timeout: 5_000 });
      expect(screen.getByRole('tabpanel', { name: 'Orders' })).toBeVisible();
    });

    it('moves between tabs with the arrow keys and opens one with Enter', async () => {
      stubDashboardApi();
      renderPage(<Dashboard />, { route: '/dashboard', state: signedInCustomer });
      const overview = await screen.findByRole('tab', { name: 'Overview' });
      act(() => overview.focus());
      await userEvent.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
      expect(screen.getByRole('tab', { name: 'Orders' })).toHaveFocus();
      expect(window.location.pathname).toBe('/dashboard');
      await userEvent.keyboard('{Enter}');
      expect(window.location.pathname).toBe('/dashboard/orders');
      expect(selectedTab()).toHaveTextContent('Orders');
    });

    it('ties each tab to its panel', async () => {
      stubDashboardApi();
      renderPage(<Dashboard />, { route: '/dashboard/orders', state: signedInCustomer });
      for (const tab of await screen.findAllByRole('tab')) {
        const panel = document.getElementById(tab.getAttribute('aria-controls')!);
        expect(panel).toHaveAttribute('role', 'tabpanel');
        expect(panel).toHaveAttribute('aria-labelledby', tab.id);
      }
      expect(screen.getByRole('tabpanel')).toHaveAccessibleName('Orders');
    });

    it.each([
      ['/dashboard/orders', 'Orders'],
      ['/customer-dashboard/integrations', 'Integrations'],
      ['/Dashboard/KPIs/', 'KPIs'],
    ])('routes %s to the dashboard on its %s tab', async (route, tab) => {
      stubDashboardApi();
      renderPage(<DashboardRoutes />, { route, state: signedInCustomer });
      expect(await screen.findByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
    });

    it('serves nothing at an unknown dashboard path (the shell shows its 404)', async () => {
      stubDashboardApi();
      const { container } = renderPage(<DashboardRoutes />, {
        route: '/dashboard/unknown',
        state: signedInCustomer,
      });
      await act(() => loadDashboardApi());
      expect(container).toBeEmptyDOMElement();
    });
  });

  it('Logout signs out: the session is revoked and both tokens removed', async () => {
    localStorage.setItem('token', 'tok-1');
    const calls = stubDashboardApi({ 'POST /api/auth/logout': { status: 204 } });
    // jsdom cannot load the page again; the reload to / is the browser's part.
    jest.spyOn(console, 'error').mockImplementation(() => {});
    renderPage(<Dashboard />, { route: '/dashboard', state: signedInCustomer });
    await userEvent.click(await screen.findByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(localStorage.getItem('token')).toBeNull());
    expect(calls.filter((call) => call.path.startsWith('/api/auth/'))).toEqual([
      expect.objectContaining({ method: 'POST', path: '/api/auth/logout', authorization: 'Bearer tok-1' }),
    ]);
  });

  it("opens a tab from an onboarding step: 'New Ticket' goes to the Support tab's address", async () => {
    stubDashboardApi();
    renderPage(<Dashboard />, { route: '/dashboard', state: signedInCustomer });
    await userEvent.click(await screen.findByRole('button', { name: 'New Ticket' }));
    expect(window.location.pathname).toBe('/dashboard/support');
    expect(screen.getByRole('tab', { name: 'Support' })).toHaveAttribute('aria-selected', 'true');
  });

  describe("what the member's role allows", () => {
    it.each([
      ['billing', ['Overview', 'KPIs', 'Orders', 'Support', 'Team', 'Settings']],
      ['crm_manager', ['Overview', 'Integrations', 'KPIs', 'Support', 'Team', 'Developers', 'Settings']],
      ['admin', ['Overview', 'Integrations', 'KPIs', 'Orders', 'Support', 'Team', 'Developers', 'Settings']],
      ['member', ['Overview', 'KPIs', 'Support', 'Team', 'Settings']],
    ] as const)('a %s sees only their tabs: %j', async (orgRole, tabs) => {
      stubDashboardApi();
      renderPage(<Dashboard />, { route: '/dashboard', state: signedInAs(orgRole) });
      await screen.findByRole('heading', { level: 1, name: 'Customer Dashboard' });
      expect(tabLabels('Dashboard sections')).toEqual(tabs);
    });

    it("a member's Overview neither asks for nor shows orders and integrations", async () => {
      const calls = stubDashboardApi();
      renderPage(<Dashboard />, { route: '/dashboard', state: signedInAs('member') });
      expect(await screen.findByText('Open Tickets')).toBeInTheDocument();
      expect(screen.getByText('Calls Today')).toBeInTheDocument();
      expect(screen.queryByText('Total Orders')).not.toBeInTheDocument();
      expect(screen.queryByText('Active Integrations')).not.toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: 'Getting Started' })).not.toBeInTheDocument();
      const paths = calls.map(({ path }) => path);
      expect(paths).not.toContain('/api/user/orders');
      expect(paths).not.toContain('/api/crm/integrations');
    });

    it('the address of a tab the role hides says so, with a way back, and loads nothing of it', async () => {
      const calls = stubDashboardApi();
      renderPage(<Dashboard />, { route: '/dashboard/orders', state: signedInAs('crm_manager') });
      expect(
        await screen.findByRole('heading', { name: 'Your role in this organization does not allow this.' }),
      ).toBeInTheDocument();
      expect(screen.queryByRole('tab', { selected: true })).not.toBeInTheDocument();
      expect(calls.map(({ path }) => path)).not.toContain('/api/user/orders');
      await userEvent.click(screen.getByRole('link', { name: 'Back to the dashboard overview' }));
      expect(window.location.pathname).toBe('/dashboard');
      expect(await screen.findByRole('tab', { name: 'Overview', selected: true })).toBeInTheDocument();
    });

    it.each(['member', 'billing'] as const)(
      'a %s has no Developers tab, and its address says so without reading keys or webhooks',
      async (orgRole) => {
        const calls = stubDashboardApi();
        renderPage(<Dashboard />, { route: '/dashboard/developers', state: signedInAs(orgRole) });
        expect(
          await screen.findByRole('heading', { name: 'Your role in this organization does not allow this.' }),
        ).toBeInTheDocument();
        expect(screen.queryByRole('tab', { name: 'Developers' })).not.toBeInTheDocument();
        expect(calls.some(({ path }) => path.startsWith('/api/developers'))).toBe(false);
      },
    );

    it('an owner opens the Developers tab and an endpoint’s delivery log under it', async () => {
      stubDashboardApi({
        'GET /api/developers/webhooks': {
          status: 200,
          body: [
            {
              id: '8b7a6c5d-4e3f-4a2b-9c1d-0e9f8a7b6c5d',
              url: 'https://hooks.example.com/millstone',
              events: ['ticket.created'],
              description: null,
              status: 'active',
              failingSince: null,
              createdAt: '2026-11-21T10:00:00.000Z',
              updatedAt: '2026-11-21T10:00:00.000Z',
            },
          ],
        },
      });
      renderPage(<Dashboard />, { route: '/dashboard', state: signedInCustomer });
      await userEvent.click(await screen.findByRole('tab', { name: 'Developers' }));
      expect(window.location.pathname).toBe('/dashboard/developers');
      expect(await screen.findByRole('heading', { name: 'No API keys yet' })).toBeInTheDocument();
      await userEvent.click(
        await screen.findByRole('link', { name: 'Delivery log of https://hooks.example.com/millstone' }),
      );
      expect(window.location.pathname).toBe('/dashboard/developers/8b7a6c5d-4e3f-4a2b-9c1d-0e9f8a7b6c5d');
      expect(screen.getByRole('tab', { name: 'Developers' })).toHaveAttribute('aria-selected', 'true');
      expect(await screen.findByRole('heading', { name: 'No deliveries yet' })).toBeInTheDocument();
    });

    it('waits for the role before showing tabs (just signed in, `me` on its way)', async () => {
      let accountRead = false;
      stubDashboardApi({
        'GET /api/account': () => {
          accountRead = true;
          return { status: 200, body: anAccount() };
        },
      });
      const { id, name, email, role } = customer;
      const loginUser = { id, name, email, role };
      renderPage(<Dashboard />, {
        route: '/dashboard',
        state: { session: { hasToken: true, user: loginUser, checking: false } },
      });
      // Past the wait for the account: what holds the tabs back now is the role. (One query, not a
      // findBy: the loading indicator is replaced by another one as the account comes.)
      await waitFor(() => expect(accountRead).toBe(true));
      await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
      expect(screen.getByLabelText('Loading page')).toBeInTheDocument();
      expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    });

    it('offers to try again when reading the role failed, and shows the tabs once it is read', async () => {
      stubDashboardApi({ 'GET /api/auth/me': { status: 200, body: customer } });
      localStorage.setItem('token', 'tok-1');
      const { id, name, email, role } = customer;
      renderPage(<Dashboard />, {
        route: '/dashboard',
        state: {
          session: { hasToken: true, user: { id, name, email, role }, checking: false, checkFailed: true },
        },
      });
      expect(await screen.findByText('We could not load your organization.')).toBeInTheDocument();
      expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
      expect(await screen.findByRole('tab', { name: 'Overview', selected: true })).toBeInTheDocument();
    });

    it('tells a customer who belongs to no organization any more', async () => {
      stubDashboardApi();
      renderPage(<Dashboard />, {
        route: '/dashboard',
        state: {
          session: {
            hasToken: true,
            user: { ...customer, organizationId: null, organizationName: null, orgRole: null },
            checking: false,
          },
        },
      });
      expect(await screen.findByRole('heading', { level: 1, name: 'No organization' })).toBeInTheDocument();
      expect(screen.getByText(/You are not a member of this organization\./)).toBeInTheDocument();
    });
  });
});
