import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { loadApi } from '@portal/store';
import { renderPage, stubFetch } from '@portal/web-testing';
import Login from '../Login/Login';
import ForgotPassword from './ForgotPassword';

const NEUTRAL = 'If an account exists for that email, we have sent a link to reset its password.';

async function askFor(email: string) {
  const view = renderPage(<ForgotPassword />, { route: '/forgot-password' });
  await userEvent.type(await screen.findByLabelText('Email address'), email);
  await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
  return view;
}

describe('ForgotPassword', () => {
  beforeAll(() => loadApi());
  afterEach(() => jest.restoreAllMocks());

  it('is a page of its own, kept out of search results, with a labelled email field', async () => {
    renderPage(<ForgotPassword />, { route: '/forgot-password' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Reset your password' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email address')).toBeRequired();
    expect(screen.getByLabelText('Email address')).toHaveAttribute('autocomplete', 'email');
    expect(document.title).toMatch(/^Reset your password \| /);
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  });

  it("starts with the email typed on /login, reached by its 'Forgot password?'", async () => {
    renderPage(
      <Routes>
        <Route path="/login" element={<Login />} />
        <Route path="/forgot-password" element={<ForgotPassword />} />
      </Routes>,
      { route: '/login' },
    );
    await userEvent.type(await screen.findByLabelText('Email address'), 'ann@example.com');
    await userEvent.click(screen.getByRole('link', { name: 'Forgot password?' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Reset your password' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email address')).toHaveValue('ann@example.com');
  });

  it('sends the email and answers with the neutral sentence, whoever it belongs to', async () => {
    const calls = stubFetch({
      'POST /api/auth/forgot-password': { status: 202, body: { message: NEUTRAL } },
    });
    await askFor(' ann@example.com ');

    expect(await screen.findByRole('alert')).toHaveTextContent(NEUTRAL);
    expect(screen.getByText(/works for 30 minutes/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Email address')).not.toBeInTheDocument();
    expect(calls).toEqual([
      expect.objectContaining({ path: '/api/auth/forgot-password', body: { email: 'ann@example.com' } }),
    ]);

    await userEvent.click(screen.getByRole('button', { name: 'Ask again' }));
    expect(screen.getByLabelText('Email address')).toHaveValue('ann@example.com');
    expect(screen.getByRole('link', { name: 'Sign in' })).toBeInTheDocument();
  });

  it.each([
    ['', 'Email is required'],
    ['ann@', 'Please enter a valid email address'],
  ])('refuses %j with "%s" on the field, without calling the server', async (email, message) => {
    const calls = stubFetch({});
    renderPage(<ForgotPassword />, { route: '/forgot-password' });
    const field = await screen.findByLabelText('Email address');
    if (email) await userEvent.type(field, email);
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(field).toHaveAccessibleDescription(message);
    expect(field).toHaveFocus();
    expect(calls).toEqual([]);
  });

  it("tells too many requests with the server's minutes, above the field, and keeps the email", async () => {
    const message = 'Too many attempts. Try again in 14 minutes.';
    stubFetch({ 'POST /api/auth/forgot-password': { status: 429, body: { statusCode: 429, message } } });
    await askFor('ann@example.com');
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByLabelText('Email address')).toHaveValue('ann@example.com');
  });

  it('says the request could not be sent when the network fails', async () => {
    stubFetch({});
    const { store } = await askFor('ann@example.com');
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('The reset link could not be requested'),
    );
    expect(store.getState().toast.current?.title).toBe('Error');
  });
});
