import { screen, within } from '@testing-library/react';
import { customerMe, renderPage, stubFetch } from '@portal/web-testing';
import type { RootState } from '@portal/store';
import { loadStaffApi } from '../../api/staff-api';
import { STAFF_PATHS } from '../../routes';
import { signedInAsStaff } from '../../testing/staff-fixtures';
import StaffConsole from './StaffConsole';
import { CONSOLE_PAGES, pageAt } from './console-pages';

describe('the staff console frame', () => {
  beforeAll(() => loadStaffApi());
  afterEach(() => jest.restoreAllMocks());

  it('has a page for each of its routes', () => {
    expect(CONSOLE_PAGES.map((page) => page.path)).toEqual([...STAFF_PATHS]);
    expect(pageAt('/staff/Orders/').label).toBe('Orders');
    expect(pageAt('/staff/nothing').label).toBe('Tickets');
  });

  it('names the staff member and marks the page of the address in its navigation', async () => {
    stubFetch({ 'GET /api/crm/staff/leads': { status: 200, body: { leads: [], nextCursor: null } } });
    renderPage(<StaffConsole />, { route: '/staff/leads', state: signedInAsStaff });
    expect(screen.getByRole('heading', { level: 1, name: 'Staff Console' })).toBeVisible();
    expect(screen.getByText('Signed in as Sam Ortiz')).toBeVisible();
    const nav = screen.getByRole('navigation', { name: 'Staff console' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Tickets', '/staff'],
      ['Leads', '/staff/leads'],
      ['Orders', '/staff/orders'],
      ['Customers', '/staff/customers'],
      ['Agents', '/staff/agents'],
      ['Availability', '/staff/availability'],
      ['Chats', '/staff/chats'],
      ['Incidents', '/staff/incidents'],
    ]);
    expect(within(nav).getByRole('link', { name: 'Leads' })).toHaveAttribute('aria-current', 'page');
    // The page is a lazy chunk: under a full run's load it takes longer than findBy's second.
    expect(await screen.findByText(/No leads match/, {}, { timeout: 5000 })).toBeVisible();
  });

  it('shows a customer nothing of the console', () => {
    const calls = stubFetch({});
    renderPage(<StaffConsole />, {
      route: '/staff',
      state: { session: { hasToken: true, user: customerMe, checking: false } } as Partial<RootState>,
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Staff only' })).toBeVisible();
    expect(screen.queryByRole('navigation', { name: 'Staff console' })).not.toBeInTheDocument();
    expect(calls).toEqual([]);
  });
});
