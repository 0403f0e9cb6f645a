import { createPortalStore } from './store';
import { tokenPresenceChanged, userCheckFailed, userCheckStarted, userLoaded } from './session-slice';
import { selectSessionStatus } from './hooks';
import { readToken } from './token';

const user = {
  id: '6f1c1d52-8a43-4f0e-9a51-3b7c1f0d2e11',
  name: 'Ann Lee',
  email: 'ann@example.com',
  role: 'customer' as const,
};

describe('session slice', () => {
  beforeEach(() => localStorage.clear());

  it('starts signed out when no token is stored', () => {
    const store = createPortalStore();
    expect(store.getState().session).toEqual({ hasToken: false, user: null, checking: false });
    expect(selectSessionStatus(store.getState())).toBe('signedOut');
  });

  it('knows a token exists under either key', () => {
    localStorage.setItem('auth_token', 'from-register');
    expect(createPortalStore().getState().session.hasToken).toBe(true);
    expect(readToken()).toBe('from-register');
  });

  it('is checking while the current-user call runs, then signed in only with a user and a token', () => {
    const store = createPortalStore({ session: { hasToken: true, user: null, checking: false } });
    store.dispatch(userCheckStarted());
    expect(selectSessionStatus(store.getState())).toBe('checking');
    store.dispatch(userLoaded(user));
    expect(selectSessionStatus(store.getState())).toBe('signedIn');
    store.dispatch(tokenPresenceChanged(false));
    expect(store.getState().session).toEqual({ hasToken: false, user: null, checking: false });
    expect(selectSessionStatus(store.getState())).toBe('signedOut');
  });

  it('counts a token without a user as signed out once the check failed', () => {
    const store = createPortalStore({ session: { hasToken: true, user: null, checking: true } });
    store.dispatch(userCheckFailed());
    expect(selectSessionStatus(store.getState())).toBe('signedOut');
  });
});
