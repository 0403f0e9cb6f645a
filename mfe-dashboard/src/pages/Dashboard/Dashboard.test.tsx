import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { REDIRECT_DELAY_MS } from '@portal/ui';
import { renderPage, stubFetch } from '@portal/web-testing';
import Dashboard from './Dashboard';

const customer = {
  id: '6f1c1d52-8a43-4f0e-9a51-3b7c1f0d2e11',
  name: 'Ann Lee',
  email: 'ann@example.com',
  role: 'customer' as const,
};
const signedInCustomer = { session: { hasToken: true, user: customer, checking: false } };

describe('Dashboard', () => {
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('asks a signed-out visitor to log in, then sends them to /login?redirect=/dashboard', async () => {
    jest.useFakeTimers();
    window.history.replaceState(null, '', '/dashboard');
    renderPage(<Dashboard />, {
      route: '/dashboard',
      state: { session: { hasToken: false, user: null, checking: false } },
    });
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
    window.history.replaceState(null, '', '/customer-dashboard');
    renderPage(<Dashboard />, {
      route: '/customer-dashboard',
      state: { session: { hasToken: true, user: null, checking: true } },
    });
    expect(await screen.findByLabelText('Loading page')).toBeInTheDocument();
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
    'shows the CUSTOMER badge, Logout and the five tabs to a signed-in %s',
    async (role) => {
      renderPage(<Dashboard />, {
        route: '/dashboard',
        state: { session: { hasToken: true, user: { ...customer, role }, checking: false } },
      });
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Customer Dashboard' }),
      ).toBeInTheDocument();
      expect(screen.getByText('CUSTOMER')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
      const tabs = within(screen.getByRole('tablist', { name: 'Dashboard sections' })).getAllByRole('tab');
      expect(tabs.map((tab) => tab.textContent)).toEqual([
        'Overview',
        'Integrations',
        'KPIs',
        'Orders',
        'Support',
      ]);
      expect(screen.getByText('AI Automation')).toBeInTheDocument();
      expect(screen.getByText('Setup Required')).toBeInTheDocument();
    },
  );

  it("sends 'Setup Integration' on the KPIs tab to the Integrations tab", async () => {
    renderPage(<Dashboard />, { route: '/dashboard', state: signedInCustomer });
    await userEvent.click(await screen.findByRole('tab', { name: 'KPIs' }));
    expect(screen.getByText('No KPI data yet')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Setup Integration' }));
    expect(screen.getByRole('tab', { name: 'Integrations' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('No integrations connected yet')).toBeInTheDocument();
  });

  it('Logout signs out: the session is revoked and both tokens removed', async () => {
    localStorage.setItem('token', 'tok-1');
    const calls = stubFetch({ 'POST /api/auth/logout': { status: 204 } });
    // jsdom cannot load the page again; the reload to / is the browser's part.
    jest.spyOn(console, 'error').mockImplementation(() => {});
    renderPage(<Dashboard />, { route: '/dashboard', state: signedInCustomer });
    await userEvent.click(await screen.findByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(localStorage.getItem('token')).toBeNull());
    expect(calls).toEqual([
      expect.objectContaining({ method: 'POST', path: '/api/auth/logout', authorization: 'Bearer tok-1' }),
    ]);
  });
});
