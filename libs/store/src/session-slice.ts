import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AuthUser, MeResponse } from '@portal/contracts';
import { readToken } from './token';

/**
 * The signed-in user, as login or `GET /api/auth/me` answers it: the organization the token acts in
 * and the member's role there come from `me` only (login's answer lacks them, so they are loaded just
 * after; until then they are undefined, and the dashboard waits).
 */
export type SessionUser = AuthUser &
  Partial<Pick<MeResponse, 'organizationId' | 'organizationName' | 'orgRole'>>;

export interface SessionState {
  /** A token is stored under `token` or `auth_token`. */
  hasToken: boolean;
  /** Set only from the server's answer (login or `/api/auth/me`); never invented on the client. */
  user: SessionUser | null;
  /** The current-user call is running: the signed-in state is not known yet. */
  checking: boolean;
  /**
   * The last current-user call failed for another reason than a 401 (the server or the network); absent
   * otherwise.
   */
  checkFailed?: true;
}

const initialSessionState = (): SessionState => ({
  hasToken: readToken() !== null,
  user: null,
  checking: false,
});

export const sessionSlice = createSlice({
  name: 'session',
  initialState: initialSessionState,
  reducers: {
    /** The token in storage appeared or disappeared (sign-in, sign-out, 401, or another tab). */
    tokenPresenceChanged(state, action: PayloadAction<boolean>) {
      state.hasToken = action.payload;
      if (!action.payload) {
        state.user = null;
        state.checking = false;
      }
    },
    userCheckStarted(state) {
      state.checking = true;
      delete state.checkFailed;
    },
    userLoaded(state, action: PayloadAction<SessionUser>) {
      state.user = action.payload;
      state.checking = false;
      delete state.checkFailed;
    },
    userCheckFailed(state) {
      state.checking = false;
      state.checkFailed = true;
    },
  },
});

export const { tokenPresenceChanged, userCheckStarted, userLoaded, userCheckFailed } = sessionSlice.actions;

export type SessionStatus = 'checking' | 'signedIn' | 'signedOut';

/** Authenticated means a user loaded and a token present. */
export function sessionStatus({ hasToken, user, checking }: SessionState): SessionStatus {
  if (!hasToken) return 'signedOut';
  if (checking) return 'checking';
  return user ? 'signedIn' : 'signedOut';
}
