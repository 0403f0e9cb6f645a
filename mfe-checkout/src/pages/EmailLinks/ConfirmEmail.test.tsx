import { screen, waitFor } from '@testing-library/react';
import { loadApi } from '@portal/store';
import { customer, stubFetch } from '@portal/web-testing';
import ConfirmEmail from './ConfirmEmail';
import { linkOpener, refuseLink, signedIn } from './link-page-testing';

const TOKEN = 'Ce3tV8mK1pZr7Yw2Lc9Ns4Hf6Jd0Gb5Ta8Ue1Io3Py7';

const open = linkOpener(<ConfirmEmail />, '/confirm-email', TOKEN);

describe('ConfirmEmail', () => {
  beforeAll(() => loadApi());
  beforeEach(() => localStorage.clear());
  afterEach(() => jest.restoreAllMocks());

  it('confirms the new address on load and says which it is now', async () => {
    const calls = stubFetch({
      'POST /api/auth/confirm-email': { status: 200, body: { email: 'ann@new.example' } },
    });
    open();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your new email address is confirmed' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('From now on, sign in with ann@new.example.');
    expect(screen.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    expect(calls).toEqual([
      expect.objectContaining({ path: '/api/auth/confirm-email', body: { token: TOKEN } }),
    ]);
  });

  it("reloads a signed-in customer's user, so the new address shows at once", async () => {
    localStorage.setItem('token', 'session-token');
    const renamed = { ...customer, email: 'ann@new.example' };
    const calls = stubFetch({
      'POST /api/auth/confirm-email': { status: 200, body: { email: 'ann@new.example' } },
      'GET /api/auth/me': { status: 200, body: renamed },
    });
    const { store } = open(`?token=${TOKEN}`, signedIn);
    await waitFor(() => expect(store.getState().session.user?.email).toBe('ann@new.example'));
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'POST /api/auth/confirm-email',
      'GET /api/auth/me',
    ]);
  });

  it.each([
    ['This confirmation link has already been used.', 'Go to your dashboard', '/dashboard'],
    [
      'This confirmation link has expired. Ask for the change again.',
      'Go to account settings',
      '/dashboard/settings',
    ],
    ['That email address is already in use', 'Go to account settings', '/dashboard/settings'],
    ['This confirmation link is not valid.', 'Go to your dashboard', '/dashboard'],
  ])("shows '%s' as a page of its own, with '%s'", async (message, action, href) => {
    const status = message.startsWith('That email') ? 409 : 400;
    refuseLink('POST /api/auth/confirm-email', message, status);
    open();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your email address was not changed' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('link', { name: action })).toHaveAttribute('href', href);
  });

  it('says a link without a token is not valid, without calling', () => {
    const calls = stubFetch({});
    open('');
    expect(screen.getByRole('alert')).toHaveTextContent('This confirmation link is not valid.');
    expect(calls).toEqual([]);
  });
});
