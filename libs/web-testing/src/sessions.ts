import type { RootState } from '@portal/store';

// The store's session before anyone is known: nobody signed in, and a stored token whose
// `GET /api/auth/me` is still on its way.

export const signedOut: Partial<RootState> = { session: { hasToken: false, user: null, checking: false } };

export const checkingSession: Partial<RootState> = {
  session: { hasToken: true, user: null, checking: true },
};
