import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadApi } from '@portal/store';
import { customerMe, renderPage, stubFetch, customer as user } from '@portal/web-testing';
import ResetPassword from './ResetPassword';

const TOKEN = 'Qx3tV8mK1pZr7Yw2Lc9Ns4Hf6Jd0Gb5Ta8Ue1Io3Py7';

async function resetWith(password: string, confirm = password) {
  const view = renderPage(<ResetPassword />, { route: `/reset-password?token=${TOKEN}` });
  await userEvent.type(await screen.findByLabelText('New password'), password);
  await userEvent.type(screen.getByLabelText('Confirm new password'), confirm);
  await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
  return view;
}

describe('ResetPassword', () => {
  beforeAll(() => loadApi());
  beforeEach(() => localStorage.clear());
  afterEach(() => jest.restoreAllMocks());

  it('asks for the new password twice, with the sign-up hint, kept out of search results', async () => {
    renderPage(<ResetPassword />, { route: `/reset-password?token=${TOKEN}` });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Choose a new password' }),
    ).toBeInTheDocument();
    const password = screen.getByLabelText('New password');
    expect(password).toBeRequired();
    expect(password).toHaveAttribute('autocomplete', 'new-password');
    expect(password).toHaveAccessibleDescription(
      'Password must be at least 8 characters and contain at least one number',
    );
    expect(screen.getByLabelText('Confirm new password')).toHaveAttribute('autocomplete', 'new-password');
    expect(screen.getByRole('button', { name: 'Show password' })).toBeInTheDocument();
    expect(document.title).toMatch(/^Choose a new password \| /);
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  });

  it('sets the password, signs in as login does, says so and goes to the dashboard', async () => {
    localStorage.setItem('auth_token', 'an-old-session');
    const calls = stubFetch({
      'POST /api/auth/reset-password': { status: 200, body: { token: 'new-session', user } },
      'GET /api/auth/me': { status: 200, body: customerMe },
    });
    const { store } = await resetWith('brand-new-pass-7');

    await waitFor(() => expect(window.location.pathname).toBe('/dashboard'));
    expect(localStorage.getItem('token')).toBe('new-session');
    expect(localStorage.getItem('auth_token')).toBeNull();
    await waitFor(() =>
      expect(store.getState().session).toEqual({ hasToken: true, user: customerMe, checking: false }),
    );
    expect(store.getState().toast.current).toMatchObject({
      title: 'Your password has been reset',
      severity: 'success',
    });
    expect(calls).toEqual([
      expect.objectContaining({
        path: '/api/auth/reset-password',
        body: { token: TOKEN, password: 'brand-new-pass-7' },
      }),
      expect.objectContaining({ path: '/api/auth/me', authorization: 'Bearer new-session' }),
    ]);
  });

  it.each([
    ['short1', 'short1', 'New password', 'Password must be at least 8 characters'],
    ['no-digits-here', 'no-digits-here', 'New password', 'Password must contain at least one number'],
    ['brand-new-pass-7', 'brand-new-pass-8', 'Confirm new password', 'The passwords do not match'],
  ])('refuses %j / %j on "%s": %s, without calling the server', async (password, confirm, label, message) => {
    const calls = stubFetch({});
    await resetWith(password, confirm);
    expect(screen.getByLabelText(label)).toHaveAccessibleDescription(message);
    expect(screen.getByLabelText(label)).toHaveFocus();
    expect(calls).toEqual([]);
  });

  it.each([
    'This password reset link has already been used. Ask for a new one.',
    'This password reset link has expired. Ask for a new one.',
    'This password reset link is not valid. Ask for a new one.',
  ])("shows a link the server refuses as a page of its own: '%s'", async (message) => {
    stubFetch({ 'POST /api/auth/reset-password': { status: 400, body: { statusCode: 400, message } } });
    await resetWith('brand-new-pass-7');

    const heading = await screen.findByRole('heading', { level: 1, name: 'This reset link cannot be used' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it.each(['', '?token=', '?token=not-a-token', `?token=${TOKEN}x`])(
    'says a link without a valid token (%j) is not valid, without calling the server',
    async (search) => {
      const calls = stubFetch({});
      renderPage(<ResetPassword />, { route: `/reset-password${search}` });
      expect(
        await screen.findByRole('heading', { level: 1, name: 'This reset link cannot be used' }),
      ).toBeInTheDocument();
      expect(screen.getByRole('alert')).toHaveTextContent(
        'This password reset link is not valid. Ask for a new one.',
      );
      expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
      expect(document.title).toMatch(/^This reset link cannot be used \| /);
      expect(calls).toEqual([]);
    },
  );

  it("keeps the form for the server's other refusals, told above it", async () => {
    const message = 'Password contains a character that cannot be used';
    stubFetch({ 'POST /api/auth/reset-password': { status: 400, body: { statusCode: 400, message } } });
    await resetWith('brand-new-pass-7');
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByLabelText('New password')).toHaveValue('brand-new-pass-7');
  });

  it('asks an account with two-factor sign-in for its code, then signs in', async () => {
    const calls = stubFetch({
      'POST /api/auth/reset-password': {
        status: 200,
        body: { twoFactorRequired: true, challenge: 'after-reset' },
      },
      'POST /api/auth/login/two-factor': { status: 200, body: { token: 'new-session', user } },
    });
    const { store } = await resetWith('brand-new-pass-7');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your password has been reset' }),
    ).toBeInTheDocument();
    // The two-factor step loads when the answer asks for it.
    const code = await screen.findByLabelText('Authentication code');
    expect(code).toHaveFocus();
    expect(localStorage.getItem('token')).toBeNull();

    await userEvent.type(code, '123456{Enter}');
    await waitFor(() => expect(window.location.pathname).toBe('/dashboard'));
    expect(localStorage.getItem('token')).toBe('new-session');
    expect(store.getState().toast.current?.title).toBe('Your password has been reset');
    expect(calls[1]).toMatchObject({
      path: '/api/auth/login/two-factor',
      body: { challenge: 'after-reset', code: '123456' },
    });
  });

  it('sends to sign-in, saying why, when the code step has expired', async () => {
    stubFetch({
      'POST /api/auth/reset-password': {
        status: 200,
        body: { twoFactorRequired: true, challenge: 'after-reset' },
      },
      'POST /api/auth/login/two-factor': {
        status: 401,
        body: { statusCode: 401, message: 'The sign-in took too long. Sign in again.' },
      },
    });
    const { store } = await resetWith('brand-new-pass-7');
    await userEvent.type(await screen.findByLabelText('Authentication code'), '123456{Enter}');
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
    expect(store.getState().toast.current?.description).toBe('The sign-in took too long. Sign in again.');
  });
});
