import { act, screen, waitFor } from '@testing-library/react';
import { startSession } from '@portal/store';
import { stubFetch, type StubbedAnswer, customerMe as me } from '@portal/web-testing';
import { renderChrome } from './test-utils';
import { Header } from './Header';
import { ToastHost } from './ToastHost';

/** The shell at start: header and toasts, with the session started as the shell does. */
async function startShell(meAnswer?: StubbedAnswer) {
  const calls = stubFetch(meAnswer ? { 'GET /api/auth/me': meAnswer } : {});
  const view = renderChrome(
    <>
      <Header pathname="/" />
      <ToastHost />
    </>,
  );
  let stop = () => {};
  await act(async () => {
    stop = startSession(view.store);
  });
  return { ...view, calls, stop };
}

describe('the session at shell start', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => jest.restoreAllMocks());

  it('makes no current-user call without a token and shows the signed-out header', async () => {
    const { calls, stop } = await startShell();
    expect(screen.getByRole('link', { name: 'Sign In' })).toBeInTheDocument();
    expect(calls).toEqual([]);
    stop();
  });

  it('loads the user once with the stored token, then shows the signed-in header (and asks for their organizations, for the switcher)', async () => {
    localStorage.setItem('auth_token', 'tok-1');
    const { calls, stop } = await startShell({ status: 200, body: me });
    expect(await screen.findByRole('button', { name: 'Sign Out' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Dashboard' })).toBeInTheDocument();
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls).toEqual([
      { method: 'GET', path: '/api/auth/me', authorization: 'Bearer tok-1', body: undefined },
      { method: 'GET', path: '/api/organizations', authorization: 'Bearer tok-1', body: undefined },
    ]);
    stop();
  });

  it('signs out on 401 and clears both tokens', async () => {
    localStorage.setItem('token', 'revoked');
    localStorage.setItem('auth_token', 'older');
    const { calls, stop } = await startShell({
      status: 401,
      body: { statusCode: 401, message: 'Unauthorized' },
    });
    expect(await screen.findByRole('link', { name: 'Sign In' })).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('auth_token')).toBeNull();
    expect(calls).toHaveLength(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    stop();
  });

  it("shows 'Failed to fetch user data' on another failure, once, without retrying", async () => {
    localStorage.setItem('token', 'tok-1');
    const { calls, stop } = await startShell({
      status: 500,
      body: { statusCode: 500, message: 'Internal server error' },
    });
    expect(await screen.findByText('Failed to fetch user data')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign In' })).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(localStorage.getItem('token')).toBe('tok-1');
    stop();
  });

  it('signs this tab out when another tab signs out', async () => {
    localStorage.setItem('token', 'tok-1');
    const { stop } = await startShell({ status: 200, body: me });
    await screen.findByRole('button', { name: 'Sign Out' });
    localStorage.removeItem('token');
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'token', oldValue: 'tok-1', newValue: null }));
    });
    expect(screen.getByRole('link', { name: 'Sign In' })).toBeInTheDocument();
    stop();
  });
});
