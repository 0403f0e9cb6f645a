import { waitFor } from '@testing-library/react';
import { createPortalStore } from './store';
import { loadApi } from './api-loader';
import { checkCurrentUser, registered, sessionEnded, signOut, signedIn, startSession } from './session';
import { selectSessionStatus, selectUserCheckFailed } from './hooks';

const user = {
  id: '6f1c1d52-8a43-4f0e-9a51-3b7c1f0d2e11',
  name: 'Ann Lee',
  email: 'ann@example.com',
  role: 'customer' as const,
};
const me = { ...user, organizationId: '0d7e8f5a-1b2c-4d3e-8f9a-0b1c2d3e4f5a' };

/** The API's answers by `METHOD /path`; records what the page sent. */
function stubApi(answers: Record<string, { status: number; body?: unknown }>) {
  const calls: { route: string; authorization: string | null }[] = [];
  jest.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const request = input as Request;
    const route = `${request.method} ${new URL(request.url).pathname}`;
    calls.push({ route, authorization: request.headers.get('authorization') });
    const answer = answers[route];
    if (!answer) throw new TypeError('Failed to fetch');
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  return calls;
}

beforeEach(() => localStorage.clear());
afterEach(() => jest.restoreAllMocks());

const cartLine = { packageId: 'pkg-essential', name: 'Essential Support', price: 1499, quantity: 2 };
/** A cart stored by an earlier visit, as the store reads it at start. */
const storeCart = () => localStorage.setItem('cart', JSON.stringify([cartLine]));

describe('checkCurrentUser', () => {
  it('makes no call without a token', async () => {
    const calls = stubApi({});
    const store = createPortalStore();
    await store.dispatch(checkCurrentUser());
    expect(calls).toEqual([]);
    expect(selectSessionStatus(store.getState())).toBe('signedOut');
  });

  it('loads the user once with the bearer token and signs in', async () => {
    localStorage.setItem('auth_token', 'tok-1');
    const calls = stubApi({ 'GET /api/auth/me': { status: 200, body: me } });
    const store = createPortalStore();
    const done = store.dispatch(checkCurrentUser());
    expect(selectSessionStatus(store.getState())).toBe('checking');
    await done;
    expect(calls).toEqual([{ route: 'GET /api/auth/me', authorization: 'Bearer tok-1' }]);
    expect(store.getState().session.user).toEqual(me);
    expect(selectSessionStatus(store.getState())).toBe('signedIn');
  });

  it('clears both tokens on 401: signed out', async () => {
    localStorage.setItem('token', 'expired');
    localStorage.setItem('auth_token', 'older');
    stubApi({ 'GET /api/auth/me': { status: 401, body: { statusCode: 401, message: 'Unauthorized' } } });
    const store = createPortalStore();
    await store.dispatch(checkCurrentUser());
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('auth_token')).toBeNull();
    expect(store.getState().session).toEqual({ hasToken: false, user: null, checking: false });
    expect(store.getState().toast.current).toBeNull();
  });

  it("says 'Failed to fetch user data' on another failure, once, without retrying, keeping the token", async () => {
    localStorage.setItem('token', 'tok-1');
    const calls = stubApi({
      'GET /api/auth/me': { status: 500, body: { statusCode: 500, message: 'Internal server error' } },
    });
    const store = createPortalStore();
    await store.dispatch(checkCurrentUser());
    expect(calls).toHaveLength(1);
    expect(store.getState().toast.current).toMatchObject({
      title: 'Failed to fetch user data',
      severity: 'error',
    });
    expect(localStorage.getItem('token')).toBe('tok-1');
    expect(selectSessionStatus(store.getState())).toBe('signedOut');
  });

  it('quiet (just signed in): a failure keeps the user, shows no toast and is marked for a retry', async () => {
    const calls = stubApi({
      'GET /api/auth/me': { status: 500, body: { statusCode: 500, message: 'Internal server error' } },
    });
    const store = createPortalStore();
    store.dispatch(signedIn({ token: 'tok-1', user }));
    await waitFor(() => expect(selectUserCheckFailed(store.getState())).toBe(true));
    expect(calls).toHaveLength(1);
    expect(store.getState().session.user).toEqual(user);
    expect(selectSessionStatus(store.getState())).toBe('signedIn');
    expect(store.getState().toast.current).toBeNull();
  });

  it('treats an unreachable server like any other failure', async () => {
    localStorage.setItem('token', 'tok-1');
    stubApi({});
    const store = createPortalStore();
    await store.dispatch(checkCurrentUser());
    expect(store.getState().toast.current?.title).toBe('Failed to fetch user data');
  });
});

describe('signing in and registering', () => {
  it('login: stores the token as `token`, removes `auth_token`, signs the answered user in without a call', () => {
    localStorage.setItem('auth_token', 'old');
    const calls = stubApi({});
    const store = createPortalStore();
    store.dispatch(signedIn({ token: 'new-token', user }));
    expect(localStorage.getItem('token')).toBe('new-token');
    expect(localStorage.getItem('auth_token')).toBeNull();
    expect(store.getState().session.user).toEqual(user);
    expect(selectSessionStatus(store.getState())).toBe('signedIn');
    expect(calls).toEqual([]);
  });

  it('login: then reads `me` for the organization and the role there, staying signed in meanwhile', async () => {
    const withOrg = { ...me, organizationName: 'Lee Logistics', orgRole: 'billing' as const };
    const calls = stubApi({ 'GET /api/auth/me': { status: 200, body: withOrg } });
    const store = createPortalStore();
    store.dispatch(signedIn({ token: 'new-token', user }));
    expect(selectSessionStatus(store.getState())).toBe('signedIn');
    await waitFor(() => expect(store.getState().session.user).toEqual(withOrg));
    expect(calls).toEqual([{ route: 'GET /api/auth/me', authorization: 'Bearer new-token' }]);
  });

  it('login: a failed `me` afterwards keeps the user signed in, with no toast', async () => {
    stubApi({});
    const store = createPortalStore();
    store.dispatch(signedIn({ token: 'new-token', user }));
    await loadApi();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(selectSessionStatus(store.getState())).toBe('signedIn');
    expect(store.getState().toast.current).toBeNull();
  });

  it('registration: stores the token as `auth_token`, then loads the user with it', async () => {
    const calls = stubApi({ 'GET /api/auth/me': { status: 200, body: me } });
    const store = createPortalStore();
    await store.dispatch(registered('reg-token'));
    expect(localStorage.getItem('auth_token')).toBe('reg-token');
    expect(calls).toEqual([{ route: 'GET /api/auth/me', authorization: 'Bearer reg-token' }]);
    expect(selectSessionStatus(store.getState())).toBe('signedIn');
  });
});

describe('signOut', () => {
  // jsdom cannot load the page again; the reload to / is the browser's part.
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => {}));

  it('revokes the session with the bearer token, then removes both tokens', async () => {
    localStorage.setItem('token', 'tok-1');
    localStorage.setItem('auth_token', 'tok-0');
    const calls = stubApi({ 'POST /api/auth/logout': { status: 204 } });
    const store = createPortalStore({ session: { hasToken: true, user, checking: false } });
    await store.dispatch(signOut());
    expect(calls).toEqual([{ route: 'POST /api/auth/logout', authorization: 'Bearer tok-1' }]);
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('auth_token')).toBeNull();
    expect(selectSessionStatus(store.getState())).toBe('signedOut');
  });

  it('signs out even when the server cannot be reached', async () => {
    localStorage.setItem('token', 'tok-1');
    stubApi({});
    const store = createPortalStore({ session: { hasToken: true, user, checking: false } });
    await store.dispatch(signOut());
    expect(localStorage.getItem('token')).toBeNull();
    expect(selectSessionStatus(store.getState())).toBe('signedOut');
  });
});

describe('the cart across the session', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => {}));

  it('is emptied, in storage too, by Sign Out (header and dashboard)', async () => {
    localStorage.setItem('token', 'tok-1');
    storeCart();
    stubApi({ 'POST /api/auth/logout': { status: 204 } });
    const store = createPortalStore({ session: { hasToken: true, user, checking: false } });
    await store.dispatch(signOut());
    expect(store.getState().cart.items).toEqual([]);
    expect(localStorage.getItem('cart')).toBeNull();
  });

  it('is emptied when the session turns out revoked or expired (401)', async () => {
    localStorage.setItem('token', 'expired');
    storeCart();
    stubApi({ 'GET /api/auth/me': { status: 401, body: { statusCode: 401, message: 'Unauthorized' } } });
    const store = createPortalStore();
    await store.dispatch(checkCurrentUser());
    expect(store.getState().cart.items).toEqual([]);
    expect(localStorage.getItem('cart')).toBeNull();
  });

  it('is emptied, with the tokens and every cached answer, when the account was deleted (no reload)', async () => {
    localStorage.setItem('auth_token', 'tok-1');
    storeCart();
    stubApi({ 'GET /api/auth/me': { status: 200, body: me } });
    const store = createPortalStore({ session: { hasToken: true, user, checking: false } });
    const { authApi } = await loadApi();
    await store.dispatch(authApi.endpoints.me.initiate());
    expect(Object.keys(store.getState().api?.queries ?? {})).toEqual(['me(undefined)']);

    store.dispatch(sessionEnded());
    expect(localStorage.getItem('auth_token')).toBeNull();
    expect(selectSessionStatus(store.getState())).toBe('signedOut');
    expect(store.getState().cart.items).toEqual([]);
    expect(localStorage.getItem('cart')).toBeNull();
    await loadApi();
    await Promise.resolve();
    expect(store.getState().api?.queries).toEqual({});
  });

  it('is emptied when another tab signs out', () => {
    localStorage.setItem('token', 'tok-1');
    storeCart();
    const store = createPortalStore({ session: { hasToken: true, user, checking: false } });
    const stop = startSession(store);
    localStorage.removeItem('token');
    window.dispatchEvent(new StorageEvent('storage', { key: 'token', oldValue: 'tok-1', newValue: null }));
    stop();
    expect(store.getState().cart.items).toEqual([]);
  });

  it('is kept across a reload, a failed user check, sign-in and registration', async () => {
    localStorage.setItem('token', 'tok-1');
    storeCart();
    stubApi({ 'GET /api/auth/me': { status: 503 } });
    const store = createPortalStore();
    await store.dispatch(checkCurrentUser());
    store.dispatch(signedIn({ token: 'new-token', user }));
    stubApi({ 'GET /api/auth/me': { status: 200, body: me } });
    await store.dispatch(registered('reg-token'));
    expect(store.getState().cart.items).toEqual([cartLine]);
    expect(JSON.parse(localStorage.getItem('cart') ?? '[]')).toEqual([cartLine]);
  });
});

describe('startSession', () => {
  it('checks the stored token at start and follows a sign-out in another tab', async () => {
    localStorage.setItem('token', 'tok-1');
    const calls = stubApi({ 'GET /api/auth/me': { status: 200, body: me } });
    const store = createPortalStore();
    const stop = startSession(store);
    expect(selectSessionStatus(store.getState())).toBe('checking');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toHaveLength(1);
    expect(selectSessionStatus(store.getState())).toBe('signedIn');

    localStorage.removeItem('token');
    window.dispatchEvent(new StorageEvent('storage', { key: 'token', oldValue: 'tok-1', newValue: null }));
    expect(selectSessionStatus(store.getState())).toBe('signedOut');
    stop();
  });

  it('loads the user when another tab signs in', async () => {
    const calls = stubApi({ 'GET /api/auth/me': { status: 200, body: me } });
    const store = createPortalStore();
    const stop = startSession(store);
    expect(calls).toEqual([]);
    localStorage.setItem('token', 'tok-2');
    window.dispatchEvent(new StorageEvent('storage', { key: 'token', newValue: 'tok-2' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toEqual([{ route: 'GET /api/auth/me', authorization: 'Bearer tok-2' }]);
    expect(selectSessionStatus(store.getState())).toBe('signedIn');
    stop();
  });
});
