import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Role } from '@portal/contracts';
import { clearTokens, readToken, storeLoginToken, storeRegisterToken } from './token';

/** The signed-in user as `GET /api/auth/me` answers it (spec section 3: role; loaded by a later issue). */
export interface SessionUser {
  role: Role;
}

export interface SessionState {
  /** A token is stored: the visitor counts as signed in for navigation (spec section 4). */
  hasToken: boolean;
  /** Set only from the server's answer to `/api/auth/me`; never invented on the client. */
  user: SessionUser | null;
}

export const initialSessionState = (): SessionState => ({ hasToken: readToken() !== null, user: null });

export const sessionSlice = createSlice({
  name: 'session',
  initialState: initialSessionState,
  reducers: {
    /** The token in storage appeared or disappeared (sign-in, or another tab). */
    tokenPresenceChanged(state, action: PayloadAction<boolean>) {
      state.hasToken = action.payload;
      if (!action.payload) state.user = null;
    },
    userLoaded(state, action: PayloadAction<SessionUser>) {
      state.user = action.payload;
    },
  },
});

export const { tokenPresenceChanged, userLoaded } = sessionSlice.actions;

/** Stores the login token (as `token`, removing `auth_token`) and marks the session signed in. */
export const signedIn = (token: string) => {
  storeLoginToken(token);
  return tokenPresenceChanged(true);
};

/** Stores the registration token (as `auth_token`) and marks the session signed in. */
export const registered = (token: string) => {
  storeRegisterToken(token);
  return tokenPresenceChanged(true);
};

/** Sign Out (spec section 4): removes both tokens and reloads the site at `/`. */
export function signOut(): void {
  clearTokens();
  window.location.assign('/');
}
