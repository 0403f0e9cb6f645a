import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { teamMessages, type InvitationPreview } from '@portal/contracts';
import {
  customer,
  customerMe,
  renderPage,
  signedOut,
  stubFetch,
  type StubbedRoutes,
} from '@portal/web-testing';
import type { RootState } from '@portal/store';
import Invitation from './Invitation';
import { loadInvitationApi } from './invitation-api';

const TOKEN = 'abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';
const preview = (overrides: Partial<InvitationPreview> = {}): InvitationPreview => ({
  organizationName: 'Acme Logistics',
  email: customer.email,
  role: 'billing',
  invitedBy: 'Olga Owner',
  expiresAt: '2026-12-01T10:00:00.000Z',
  hasAccount: true,
  ...overrides,
});
const ACME = '7a6b5c4d-3e2f-4a1b-8c9d-0e1f2a3b4c5d';
const accepted = { token: 'acme-token', user: customer };
const meInAcme = {
  ...customerMe,
  organizationId: ACME,
  organizationName: 'Acme Logistics',
  orgRole: 'billing',
};
const signedInAs = (email: string): Partial<RootState> => ({
  session: { hasToken: true, user: { ...customerMe, email }, checking: false },
});

function open(routes: StubbedRoutes, state: Partial<RootState> = signedOut, search = `?token=${TOKEN}`) {
  const calls = stubFetch(routes);
  const view = renderPage(<Invitation />, { route: `/invitation${search}`, state });
  return { calls, ...view };
}

describe('Invitation', () => {
  beforeAll(() => loadInvitationApi());
  beforeEach(() => localStorage.clear());
  afterEach(() => jest.restoreAllMocks());

  it('shows the organization, the role and what it allows, who invited and until when', async () => {
    const { calls } = open({ 'POST /api/invitations/preview': { status: 200, body: preview() } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Join Acme Logistics' })).toBeInTheDocument();
    expect(screen.getByText('Billing')).toBeInTheDocument();
    expect(screen.getByText('Orders, invoices and checkout, plus support and KPIs')).toBeInTheDocument();
    expect(screen.getAllByText('Olga Owner').length).toBeGreaterThan(0);
    expect(screen.getByText(/December 1, 2026/)).toBeInTheDocument();
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/api/invitations/preview',
      body: { token: TOKEN },
    });
  });

  it("signed in with the invited email: 'Accept invitation' joins and goes to the dashboard with the organization's token", async () => {
    const { calls, store } = open(
      {
        'POST /api/invitations/preview': { status: 200, body: preview() },
        'POST /api/invitations/accept': { status: 200, body: accepted },
        'GET /api/auth/me': { status: 200, body: meInAcme },
      },
      signedInAs(customer.email),
    );
    localStorage.setItem('token', 'own-token');
    await userEvent.click(await screen.findByRole('button', { name: 'Accept invitation' }));
    await waitFor(() => expect(window.location.pathname).toBe('/dashboard'));
    expect(calls.find(({ path }) => path === '/api/invitations/accept')).toMatchObject({
      body: { token: TOKEN },
      authorization: 'Bearer own-token',
    });
    expect(localStorage.getItem('token')).toBe('acme-token');
    await waitFor(() =>
      expect(store.getState().session.user).toMatchObject({ organizationId: ACME, orgRole: 'billing' }),
    );
  });

  it("signed in with another email: the server's message and Sign out, which leaves the page for the sign-in", async () => {
    open(
      {
        'POST /api/invitations/preview': { status: 200, body: preview() },
        'POST /api/auth/logout': { status: 204 },
      },
      signedInAs('someone.else@example.com'),
    );
    expect(
      await screen.findByText(new RegExp(teamMessages.invitationOtherEmail.replace('.', '\\.'))),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept invitation' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('button', { name: 'Sign in and accept' })).toBeInTheDocument();
  });

  it('signed out with an account: signs in with the invited email, then accepts', async () => {
    const { calls } = open({
      'POST /api/invitations/preview': { status: 200, body: preview() },
      'POST /api/auth/login': { status: 200, body: { token: 'login-token', user: customer } },
      'POST /api/invitations/accept': { status: 200, body: accepted },
      'GET /api/auth/me': { status: 200, body: meInAcme },
    });
    expect(await screen.findByRole('textbox', { name: 'Email address' })).toHaveValue(customer.email);
    await userEvent.type(screen.getByLabelText('Password'), 'secret-pass1');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in and accept' }));
    await waitFor(() => expect(window.location.pathname).toBe('/dashboard'));
    expect(calls.find(({ path }) => path === '/api/auth/login')?.body).toEqual({
      email: customer.email,
      password: 'secret-pass1',
    });
    expect(calls.find(({ path }) => path === '/api/invitations/accept')?.authorization).toBe(
      'Bearer login-token',
    );
    expect(localStorage.getItem('token')).toBe('acme-token');
  });

  it('signed out without an account: signs up with a name and password for the invited email, joining at once', async () => {
    const { calls } = open({
      'POST /api/invitations/preview': {
        status: 200,
        body: preview({ hasAccount: false, email: 'new@example.com' }),
      },
      'POST /api/auth/register': { status: 201, body: { token: 'reg-token' } },
      'GET /api/auth/me': { status: 200, body: { ...meInAcme, email: 'new@example.com' } },
    });
    await userEvent.type(await screen.findByRole('textbox', { name: 'Full Name' }), 'Nia New');
    await userEvent.type(screen.getByLabelText('Password'), 'secret-pass1');
    await userEvent.click(screen.getByRole('button', { name: 'Create account and join' }));
    await waitFor(() => expect(window.location.pathname).toBe('/dashboard'));
    expect(calls.find(({ path }) => path === '/api/auth/register')?.body).toEqual({
      name: 'Nia New',
      email: 'new@example.com',
      password: 'secret-pass1',
      invitation: TOKEN,
    });
  });

  it.each([
    [teamMessages.invitationExpired, 410, 'This invitation has expired'],
    [teamMessages.invitationRevoked, 410, 'This invitation was revoked'],
    [teamMessages.invitationUsed, 410, 'This invitation has already been used'],
    [teamMessages.invitationInvalid, 404, 'This invitation cannot be used'],
  ])(
    'a link the server refuses (%s) is a page of its own with a way home',
    async (message, status, title) => {
      open({ 'POST /api/invitations/preview': { status, body: { statusCode: status, message } } });
      expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
      expect(screen.getByText(message)).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
    },
  );

  it('a link without a valid token is refused before any call', async () => {
    const { calls } = open({}, signedOut, '');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This invitation cannot be used' }),
    ).toBeInTheDocument();
    expect(screen.getByText(teamMessages.invitationInvalid)).toBeInTheDocument();
    expect(calls).toEqual([]);
  });
});
