import { createPortalStore } from './store';
import { registered, signedIn, tokenPresenceChanged } from './session-slice';
import { readToken } from './token';

describe('session slice (spec section 4)', () => {
  beforeEach(() => localStorage.clear());

  it('starts signed out when no token is stored', () => {
    expect(createPortalStore().getState().session).toEqual({ hasToken: false, user: null });
  });

  it('knows a token exists under either key', () => {
    localStorage.setItem('auth_token', 'from-register');
    expect(createPortalStore().getState().session.hasToken).toBe(true);
    expect(readToken()).toBe('from-register');
  });

  it('stores the login token as `token` and removes `auth_token`', () => {
    localStorage.setItem('auth_token', 'old');
    const store = createPortalStore();
    store.dispatch(signedIn('new-token'));
    expect(localStorage.getItem('token')).toBe('new-token');
    expect(localStorage.getItem('auth_token')).toBeNull();
    expect(store.getState().session.hasToken).toBe(true);
  });

  it('stores the registration token as `auth_token`', () => {
    const store = createPortalStore();
    store.dispatch(registered('reg-token'));
    expect(localStorage.getItem('auth_token')).toBe('reg-token');
    expect(store.getState().session.hasToken).toBe(true);
  });

  it('never invents a user: signing out clears it', () => {
    const store = createPortalStore({ session: { hasToken: true, user: { role: 'customer' } } });
    store.dispatch(tokenPresenceChanged(false));
    expect(store.getState().session).toEqual({ hasToken: false, user: null });
  });
});
