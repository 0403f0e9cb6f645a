import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadApi } from '@portal/store';
import { renderPage, stubFetch, customerMe as me } from '@portal/web-testing';
import Register from './Register';

async function fillIn(fields: { name?: string; email?: string; password?: string }) {
  if (fields.name) await userEvent.type(await screen.findByLabelText('Full Name'), fields.name);
  if (fields.email) await userEvent.type(screen.getByLabelText('Email Address'), fields.email);
  if (fields.password) await userEvent.type(screen.getByLabelText('Password'), fields.password);
  await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
}

describe('Register', () => {
  // RTK Query arrives on first use; load it once so every test starts with the form on screen.
  beforeAll(() => loadApi());
  beforeEach(() => {
    localStorage.clear();
    window.history.replaceState(null, '', '/register');
  });
  afterEach(() => jest.restoreAllMocks());

  it('has the three fields, the password hint and the links', async () => {
    renderPage(<Register />, { route: '/register' });
    expect(await screen.findByLabelText('Full Name')).toBeInTheDocument();
    expect(screen.getByLabelText('Email Address')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      'Password must be at least 8 characters and contain at least one number',
    );
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
  });

  it.each([
    ['Full Name', { name: ' ', email: 'ann@example.com', password: 'secret123' }, 'Name is required'],
    [
      'Email Address',
      { name: 'Ann Lee', email: 'ann@', password: 'secret123' },
      'Please enter a valid email address',
    ],
    ['Email Address', { name: 'Ann Lee', email: '', password: 'secret123' }, 'Email is required'],
    [
      'Password',
      { name: 'Ann Lee', email: 'ann@example.com', password: 'abc1' },
      'Password must be at least 8 characters',
    ],
    [
      'Password',
      { name: 'Ann Lee', email: 'ann@example.com', password: 'abcdefgh' },
      'Password must contain at least one number',
    ],
  ])('shows %s: %o → "%s" beside the field, and sends nothing', async (label, fields, message) => {
    const calls = stubFetch({});
    renderPage(<Register />, { route: '/register' });
    await fillIn(fields);
    const input = screen.getByLabelText(label);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(message);
    expect(input).toHaveFocus();
    expect(
      screen.getAllByLabelText(/./).filter((each) => each.getAttribute('aria-invalid') === 'true'),
    ).toHaveLength(1);
    expect(calls).toEqual([]);
  });

  it('clears a message as soon as the field is fixed', async () => {
    stubFetch({});
    renderPage(<Register />, { route: '/register' });
    await fillIn({ email: 'ann@example.com', password: 'secret123' });
    expect(screen.getByLabelText('Full Name')).toHaveAccessibleDescription('Name is required');
    await userEvent.type(screen.getByLabelText('Full Name'), 'Ann');
    expect(screen.queryByText('Name is required')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Full Name')).toHaveAttribute('aria-invalid', 'false');
  });

  it('creates the account: token as auth_token, the user loaded, a toast, then /customer-dashboard', async () => {
    const calls = stubFetch({
      'POST /api/auth/register': { status: 201, body: { token: 'reg-token' } },
      'GET /api/auth/me': { status: 200, body: me },
    });
    const { store } = renderPage(<Register />, { route: '/register' });
    await fillIn({ name: '  Ann Lee ', email: ' Ann@Example.com ', password: 'secret123' });

    await waitFor(() => expect(window.location.pathname).toBe('/customer-dashboard'));
    expect(localStorage.getItem('auth_token')).toBe('reg-token');
    expect(store.getState().toast.current).toMatchObject({
      title: 'Account created successfully!',
      severity: 'success',
    });
    expect(calls[0]).toEqual({
      method: 'POST',
      path: '/api/auth/register',
      authorization: null,
      body: { name: 'Ann Lee', email: 'Ann@Example.com', password: 'secret123' },
    });
    await waitFor(() => expect(store.getState().session.user).toEqual(me));
    expect(calls[1]).toMatchObject({
      method: 'GET',
      path: '/api/auth/me',
      authorization: 'Bearer reg-token',
    });
  });

  it("shows the server's message (409) in a toast and in an alert on the page, and stays", async () => {
    const message = 'An account with this email already exists. Sign in instead.';
    stubFetch({ 'POST /api/auth/register': { status: 409, body: { statusCode: 409, message } } });
    const { store } = renderPage(<Register />, { route: '/register' });
    await fillIn({ name: 'Ann Lee', email: 'ann@example.com', password: 'secret123' });

    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(store.getState().toast.current).toMatchObject({
      title: 'Error',
      description: message,
      severity: 'error',
    });
    expect(localStorage.getItem('auth_token')).toBeNull();
    expect(window.location.pathname).toBe('/register');
  });

  it("says 'Registration failed' when the server gives no message", async () => {
    stubFetch({});
    const { store } = renderPage(<Register />, { route: '/register' });
    await fillIn({ name: 'Ann Lee', email: 'ann@example.com', password: 'secret123' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Registration failed');
    expect(store.getState().toast.current?.description).toBe('Registration failed');
  });
});
