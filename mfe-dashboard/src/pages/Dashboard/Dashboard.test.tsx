import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { REDIRECT_DELAY_MS } from '@portal/ui';
import { renderPage } from '@portal/web-testing';
import Dashboard from './Dashboard';

describe('Dashboard', () => {
  afterEach(() => jest.useRealTimers());

  it('asks a signed-out visitor to log in, then sends them to /login?redirect=/dashboard', async () => {
    jest.useFakeTimers();
    window.history.replaceState(null, '', '/dashboard');
    renderPage(<Dashboard />, { route: '/dashboard', state: { session: { hasToken: false, user: null } } });
    expect(await screen.findByText('Access Required')).toBeInTheDocument();
    expect(screen.getByText('Please log in to access your dashboard.')).toBeInTheDocument();

    act(() => jest.advanceTimersByTime(REDIRECT_DELAY_MS - 1));
    expect(window.location.pathname).toBe('/dashboard');
    act(() => jest.advanceTimersByTime(1));
    expect(window.location.pathname + window.location.search).toBe('/login?redirect=/dashboard');
  });

  it('shows the CUSTOMER badge, Logout and the five tabs when a token exists', async () => {
    renderPage(<Dashboard />, { route: '/dashboard', state: { session: { hasToken: true, user: null } } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Customer Dashboard' })).toBeInTheDocument();
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
  });

  it("sends 'Setup Integration' on the KPIs tab to the Integrations tab", async () => {
    renderPage(<Dashboard />, { route: '/dashboard', state: { session: { hasToken: true, user: null } } });
    await userEvent.click(await screen.findByRole('tab', { name: 'KPIs' }));
    expect(screen.getByText('No KPI data yet')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Setup Integration' }));
    expect(screen.getByRole('tab', { name: 'Integrations' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('No integrations connected yet')).toBeInTheDocument();
  });
});
