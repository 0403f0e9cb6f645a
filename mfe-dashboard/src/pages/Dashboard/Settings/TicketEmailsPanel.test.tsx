import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage } from '@portal/web-testing';
import { serverError, signedInCustomer, stubDashboardApi } from '../dashboard-fixtures';
import { loadNotificationApi } from './notification-api';
import { TICKET_EMAILS_LABEL, TicketEmailsPanel } from './TicketEmailsPanel';

describe('Ticket emails setting', () => {
  beforeAll(() => loadNotificationApi());
  afterEach(() => jest.restoreAllMocks());

  it('shows the saved setting and turns ticket emails off with PUT /api/account/notifications', async () => {
    let saved = true;
    const calls = stubDashboardApi({
      'GET /api/account/notifications': () => ({ status: 200, body: { ticketEmails: saved } }),
      'PUT /api/account/notifications': (request) => {
        void request;
        saved = false;
        return { status: 200, body: { ticketEmails: false } };
      },
    });
    const { store } = renderPage(<TicketEmailsPanel />, {
      route: '/dashboard/settings',
      state: signedInCustomer,
    });
    const toggle = await screen.findByRole('switch', { name: TICKET_EMAILS_LABEL });
    expect(toggle).toBeChecked();
    await userEvent.click(toggle);
    await waitFor(() => expect(screen.getByRole('switch', { name: TICKET_EMAILS_LABEL })).not.toBeChecked());
    expect(calls.find((call) => call.method === 'PUT')).toMatchObject({
      path: '/api/account/notifications',
      body: { ticketEmails: false },
    });
    expect(store.getState().toast.current).toMatchObject({
      title: 'Ticket emails turned off',
      severity: 'success',
    });
  });

  it('puts the switch back and says so when saving fails', async () => {
    stubDashboardApi({
      'GET /api/account/notifications': { status: 200, body: { ticketEmails: true } },
      'PUT /api/account/notifications': serverError('Identity is briefly unavailable', 503),
    });
    const { store } = renderPage(<TicketEmailsPanel />, {
      route: '/dashboard/settings',
      state: signedInCustomer,
    });
    await userEvent.click(await screen.findByRole('switch', { name: TICKET_EMAILS_LABEL }));
    await waitFor(() =>
      expect(store.getState().toast.current).toMatchObject({
        title: 'Failed to save notification settings',
        description: 'Identity is briefly unavailable',
        severity: 'error',
      }),
    );
    expect(screen.getByRole('switch', { name: TICKET_EMAILS_LABEL })).toBeChecked();
  });

  it('offers Try again when the setting cannot be read', async () => {
    stubDashboardApi({ 'GET /api/account/notifications': serverError('Unavailable', 503) });
    renderPage(<TicketEmailsPanel />, { route: '/dashboard/settings', state: signedInCustomer });
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
