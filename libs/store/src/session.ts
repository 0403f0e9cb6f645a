import type { LoginResponse } from '@portal/contracts';
import { loadApi } from './api-loader';
import type { ApiError } from './error-text';
import { tokenPresenceChanged, userCheckFailed, userCheckStarted, userLoaded } from './session-slice';
import type { AppThunk, PortalStore } from './store';
import { showToast } from './toast-slice';
import { TOKEN_KEYS, clearTokens, readToken, storeLoginToken, storeRegisterToken } from './token';

// RTK Query, and with it every call here, arrives on first use (loadApi): `/` loads none of it.

/**
 * With a token, `GET /api/auth/me` once, without retry. The user it answers signs
 * the visitor in; a 401 clears both tokens (signed out); any other failure says so in a toast.
 * `quiet`: the user is signed in already and only read again (their organization after a sign-in or a
 * switch): no checking state and no toast; a failure other than 401 keeps what is known and is marked
 * (`selectUserCheckFailed`) so the page waiting on it can offer to try again.
 */
export const checkCurrentUser =
  (quiet?: boolean): AppThunk<Promise<void>> =>
  async (dispatch) => {
    if (!readToken()) return;
    if (!quiet) dispatch(userCheckStarted());
    const { data, error } = await loadApi().then(
      ({ authApi }) =>
        dispatch(authApi.endpoints.me.initiate(undefined, { subscribe: false, forceRefetch: true })),
      (loadError: unknown) => ({ data: undefined, error: loadError }),
    );
    if (data) {
      dispatch(userLoaded(data));
    } else if ((error as ApiError | undefined)?.status === 401) {
      clearTokens();
      dispatch(tokenPresenceChanged(false));
    } else {
      dispatch(userCheckFailed());
      if (!quiet) dispatch(showToast({ title: 'Failed to fetch user data', severity: 'error' }));
    }
  };

/**
 * After login: the token is stored as `token`, `auth_token` removed, the user signed in; then `me`
 * tells their organization and role in it (login's answer does not).
 */
export const signedIn =
  ({ token, user }: LoginResponse): AppThunk =>
  (dispatch) => {
    storeLoginToken(token);
    dispatch(tokenPresenceChanged(true));
    dispatch(userLoaded(user));
    void dispatch(checkCurrentUser(true));
  };

/** After registration: the token is stored as `auth_token`, then the user is loaded. */
export const registered =
  (token: string): AppThunk<Promise<void>> =>
  (dispatch) => {
    storeRegisterToken(token);
    dispatch(tokenPresenceChanged(true));
    return dispatch(checkCurrentUser());
  };

/**
 * The session is over without a Sign Out (the account was deleted): both tokens go, and with them the
 * cart (ADR 0153) and every cached answer of the API, with no reload, so the page can say what happened.
 */
export const sessionEnded = (): AppThunk => (dispatch) => {
  clearTokens();
  dispatch(tokenPresenceChanged(false));
  void loadApi().then(({ api }) => dispatch(api.util.resetApiState()));
};

/**
 * Sign Out: asks the server to revoke the session (its failure changes nothing),
 * removes both tokens and reloads the site at `/`.
 */
export const signOut = (): AppThunk<Promise<void>> => async (dispatch) => {
  await loadApi()
    .then(({ authApi }) => dispatch(authApi.endpoints.logout.initiate()))
    .catch(() => undefined);
  clearTokens();
  dispatch(tokenPresenceChanged(false));
  window.location.assign('/');
};

/**
 * The page's session, started once by the shell: loads the current user when a token exists, and
 * follows sign-in and sign-out in other tabs. Returns the function that stops following them.
 */
export function startSession(store: PortalStore): () => void {
  void store.dispatch(checkCurrentUser());
  const onStorage = ({ key, newValue }: StorageEvent) => {
    if (key !== null && !(TOKEN_KEYS as readonly string[]).includes(key)) return;
    if (!readToken()) {
      store.dispatch(tokenPresenceChanged(false));
    } else if (newValue) {
      store.dispatch(tokenPresenceChanged(true));
      void store.dispatch(checkCurrentUser());
    }
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
