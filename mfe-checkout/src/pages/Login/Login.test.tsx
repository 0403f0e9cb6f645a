import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadApi } from '@portal/store';
import { renderPage, stubFetch, customer as user } from '@portal/web-testing';
import Login from './Login';

/** Opens /login with this query string and signs in as Ann. */
async function signInFrom(search: string) {
  const view = renderPage(<Login />, { route: `/login${search}` });
  await userEvent.type(await screen.findByLabelText('Email address'), 'ann@example.com');
  await userEvent.type(screen.getByLabelText('Password'), 'secret123');
  await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
  return view;
}

describe('Login', () => {
  // RTK Query arrives on first use; load it once so every test starts with the form on screen.
  beforeAll(() => loadApi());
  beforeEach(() => localStorage.clear());
  afterEach(() => jest.restoreAllMocks());

  it("shows the 'Sign In' form with labelled, required fields", async () => {
    renderPage(<Login />, { route: '/login' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign In' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email address')).toBeRequired();
    expect(screen.getByLabelText('Password')).toBeRequired();
    expect(screen.getByRole('button', { name: 'Sign In' })).toHaveAttribute('type', 'submit');
    expect(document.title).toMatch(/^Sign In \| /);
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    expect(document.head.querySelector('link[rel="canonical"]')).toHaveAttribute(
      'href',
      'http://localhost/login',
    );
  });

  it('shows and hides the password with the toggle', async () => {
    renderPage(<Login />, { route: '/login' });
    const password = await screen.findByLabelText('Password');
    await userEvent.type(password, 'secret123');
    expect(password).toHaveAttribute('type', 'password');

    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Hide password' })).toHaveAttribute('aria-pressed', 'true');

    await userEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toHaveValue('secret123');
  });

  it('links to registration', async () => {
    renderPage(<Login />, { route: '/login' });
    expect(await screen.findByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/register',
    );
  });

  it('signs in: token as `token`, `auth_token` removed, the user in the session, a toast, then ?redirect=', async () => {
    localStorage.setItem('auth_token', 'from-an-earlier-sign-up');
    const calls = stubFetch({
      'POST /api/auth/login': { status: 200, body: { token: 'login-token', user } },
    });
    const { store } = await signInFrom('?redirect=/checkout');

    await waitFor(() => expect(window.location.pathname).toBe('/checkout'));
    expect(localStorage.getItem('token')).toBe('login-token');
    expect(localStorage.getItem('auth_token')).toBeNull();
    expect(store.getState().session).toEqual({ hasToken: true, user, checking: false });
    expect(store.getState().toast.current).toMatchObject({
      title: 'Logged in successfully',
      severity: 'success',
    });
    expect(calls).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/api/auth/login',
        body: { email: 'ann@example.com', password: 'secret123' },
      }),
    ]);
  });

  it.each([
    '',
    '?redirect=https://evil.example',
    '?redirect=//evil.example',
    '?redirect=/%5Cevil.example',
    '?redirect=javascript:alert(1)',
  ])('goes to /dashboard from /login%s', async (search) => {
    stubFetch({ 'POST /api/auth/login': { status: 200, body: { token: 'login-token', user } } });
    await signInFrom(search);
    await waitFor(() => expect(window.location.href).toBe('http://localhost/dashboard'));
  });

  it("shows the server's message in an 'Error' toast and stays signed out", async () => {
    stubFetch({
      'POST /api/auth/login': {
        status: 401,
        body: { statusCode: 401, message: 'Invalid email or password' },
      },
    });
    const { store } = await signInFrom('');
    await waitFor(() =>
      expect(store.getState().toast.current).toMatchObject({
        title: 'Error',
        description: 'Invalid email or password',
        severity: 'error',
      }),
    );
    expect(localStorage.getItem('token')).toBeNull();
    expect(window.location.pathname).toBe('/login');
  });

  it('shows the failure above the form too, and clears it on the next try', async () => {
    stubFetch({
      'POST /api/auth/login': {
        status: 401,
        body: { statusCode: 401, message: 'Invalid email or password' },
      },
    });
    await signInFrom('');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Invalid email or password');
    // Above the fields, where the eye is after pressing Sign In on a phone.
    expect(alert.compareDocumentPosition(screen.getByLabelText('Email address'))).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );

    stubFetch({ 'POST /api/auth/login': { status: 200, body: { token: 'login-token', user } } });
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });

  it("'Forgot password?' under the password tells how to get it reset today, without leaving the form", async () => {
    renderPage(<Login />, { route: '/login' });
    await userEvent.type(await screen.findByLabelText('Email address'), 'ann@example.com');
    const forgot = screen.getByRole('button', { name: 'Forgot password?' });
    expect(screen.getByLabelText('Password').compareDocumentPosition(forgot)).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
    expect(forgot).toHaveAttribute('aria-expanded', 'false');

    await userEvent.click(forgot);
    expect(forgot).toHaveAttribute('aria-expanded', 'true');
    const help = screen.getByRole('region', { name: 'Forgot password?' });
    expect(help).toHaveTextContent(/support team resets it/);
    expect(within(help).getByRole('link', { name: 'Contact support' })).toHaveAttribute('href', '/contact');
    expect(screen.getByLabelText('Email address')).toHaveValue('ann@example.com');

    await userEvent.click(forgot);
    expect(screen.queryByRole('region', { name: 'Forgot password?' })).not.toBeInTheDocument();
  });

  it("says 'Login failed' when the server gives no message", async () => {
    stubFetch({});
    const { store } = await signInFrom('');
    await waitFor(() => expect(store.getState().toast.current?.description).toBe('Login failed'));
    expect(store.getState().toast.current?.title).toBe('Error');
  });
});
