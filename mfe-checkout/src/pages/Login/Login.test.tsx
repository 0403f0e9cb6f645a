import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadApi } from '@portal/store';
import { customerMe, renderPage, stubFetch, customer as user } from '@portal/web-testing';
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

  it('signs in: token as `token`, `auth_token` removed, the user in the session (then their organization and role from me), a toast, then ?redirect=', async () => {
    localStorage.setItem('auth_token', 'from-an-earlier-sign-up');
    const calls = stubFetch({
      'POST /api/auth/login': { status: 200, body: { token: 'login-token', user } },
      'GET /api/auth/me': { status: 200, body: customerMe },
    });
    const { store } = await signInFrom('?redirect=/checkout');

    await waitFor(() => expect(window.location.pathname).toBe('/checkout'));
    expect(localStorage.getItem('token')).toBe('login-token');
    expect(localStorage.getItem('auth_token')).toBeNull();
    await waitFor(() =>
      expect(store.getState().session).toEqual({ hasToken: true, user: customerMe, checking: false }),
    );
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
      expect.objectContaining({ method: 'GET', path: '/api/auth/me', authorization: 'Bearer login-token' }),
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

  it("'Forgot password?' under the password goes to /forgot-password with the email typed", async () => {
    renderPage(<Login />, { route: '/login' });
    await userEvent.type(await screen.findByLabelText('Email address'), ' ann@example.com ');
    const forgot = screen.getByRole('link', { name: 'Forgot password?' });
    expect(screen.getByLabelText('Password').compareDocumentPosition(forgot)).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
    expect(forgot).toHaveAttribute('href', '/forgot-password');

    await userEvent.click(forgot);
    expect(window.location.pathname).toBe('/forgot-password');
    expect((window.history.state as { usr?: unknown }).usr).toEqual({ email: 'ann@example.com' });
  });

  it("says 'Login failed' when the server gives no message", async () => {
    stubFetch({});
    const { store } = await signInFrom('');
    await waitFor(() => expect(store.getState().toast.current?.description).toBe('Login failed'));
    expect(store.getState().toast.current?.title).toBe('Error');
  });
});

describe('Login with two-factor sign-in', () => {
  const challenge = 'challenge-of-ann';
  const askForCode = { status: 200, body: { twoFactorRequired: true, challenge } };

  beforeAll(() => loadApi());
  beforeEach(() => localStorage.clear());
  afterEach(() => jest.restoreAllMocks());

  /** Signs in as Ann, whose account asks for a code: the code step, its field focused. */
  async function reachCodeStep() {
    const view = await signInFrom('?redirect=/checkout');
    const field = await screen.findByLabelText('Authentication code');
    return { ...view, field };
  }

  it('asks for the 6-digit code from the authenticator app, then signs in as before', async () => {
    const calls = stubFetch({
      'POST /api/auth/login': askForCode,
      'POST /api/auth/login/two-factor': { status: 200, body: { token: 'login-token', user } },
      'GET /api/auth/me': { status: 200, body: customerMe },
    });
    const { store, field } = await reachCodeStep();

    expect(field).toHaveFocus();
    expect(field).toHaveAttribute('inputmode', 'numeric');
    expect(field).toHaveAttribute('autocomplete', 'one-time-code');
    expect(field).toBeRequired();
    expect(field).toHaveAccessibleDescription(/6-digit code your authenticator app shows/);
    expect(screen.getByRole('heading', { level: 1, name: 'Sign In' })).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();

    await userEvent.type(field, '123 456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify and sign in' }));

    await waitFor(() => expect(window.location.pathname).toBe('/checkout'));
    expect(localStorage.getItem('token')).toBe('login-token');
    await waitFor(() =>
      expect(store.getState().session).toEqual({ hasToken: true, user: customerMe, checking: false }),
    );
    expect(store.getState().toast.current).toMatchObject({ title: 'Logged in successfully' });
    expect(calls[1]).toMatchObject({
      path: '/api/auth/login/two-factor',
      body: { challenge, code: '123 456' },
    });
  });

  it('takes a recovery code instead', async () => {
    const calls = stubFetch({
      'POST /api/auth/login': askForCode,
      'POST /api/auth/login/two-factor': { status: 200, body: { token: 'login-token', user } },
    });
    await reachCodeStep();
    await userEvent.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    const field = screen.getByLabelText('Recovery code');
    expect(field).toHaveFocus();
    expect(field).toHaveAttribute('autocomplete', 'off');

    await userEvent.type(field, 'ABCDE-12345{Enter}');
    await waitFor(() => expect(window.location.pathname).toBe('/checkout'));
    expect(calls[1]?.body).toEqual({ challenge, code: 'ABCDE-12345' });
  });

  it('asks for the code when none is typed, without calling the server', async () => {
    const calls = stubFetch({ 'POST /api/auth/login': askForCode });
    const { field } = await reachCodeStep();
    await userEvent.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect(field).toHaveAccessibleDescription('Enter the code from your authenticator app');
    expect(field).toHaveFocus();
    expect(calls).toHaveLength(1);
  });

  it.each([
    [401, 'That code is not correct'],
    [401, 'That code has already been used. Wait for the next one.'],
    [429, 'Too many attempts. Try again in 12 minutes.'],
  ])('tells a %i (%s) above the field and lets the visitor try again', async (status, message) => {
    stubFetch({
      'POST /api/auth/login': askForCode,
      'POST /api/auth/login/two-factor': { status, body: { statusCode: status, message } },
    });
    const { field } = await reachCodeStep();
    await userEvent.type(field, '000000{Enter}');

    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByLabelText('Authentication code')).toHaveValue('');
    expect(screen.getByLabelText('Authentication code')).toHaveFocus();
    expect(localStorage.getItem('token')).toBeNull();
    expect(window.location.pathname).toBe('/login');
  });

  it('goes back to the password step, email and password kept, when the challenge has expired', async () => {
    stubFetch({
      'POST /api/auth/login': askForCode,
      'POST /api/auth/login/two-factor': {
        status: 401,
        body: { statusCode: 401, message: 'The sign-in took too long. Sign in again.' },
      },
    });
    const { field } = await reachCodeStep();
    await userEvent.type(field, '123456{Enter}');

    expect(await screen.findByRole('alert')).toHaveTextContent('The sign-in took too long. Sign in again.');
    expect(screen.queryByLabelText('Authentication code')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Email address')).toHaveValue('ann@example.com');
    expect(screen.getByLabelText('Password')).toHaveValue('secret123');
    await waitFor(() => expect(screen.getByLabelText('Password')).toHaveFocus());
  });

  it("goes back to the password step with 'Back to email and password'", async () => {
    stubFetch({ 'POST /api/auth/login': askForCode });
    await reachCodeStep();
    await userEvent.click(screen.getByRole('button', { name: 'Back to email and password' }));
    await waitFor(() => expect(screen.getByLabelText('Password')).toHaveFocus());
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toBeInTheDocument();
  });
});
