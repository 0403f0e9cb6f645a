import type {
  ConfirmEmailRequest,
  ConfirmEmailResponse,
  ForgotPasswordRequest,
  LoginRequest,
  LoginResponse,
  MeResponse,
  MessageResponse,
  RegisterRequest,
  RegisterResponse,
  ResetPasswordRequest,
  TwoFactorChallengeResponse,
  TwoFactorLoginRequest,
  VerifyEmailRequest,
  VerifyEmailResponse,
} from '@portal/contracts';
import { api } from './api';

export { api };

/** How long Sign Out waits for the server to revoke the session before signing out anyway. */
export const LOGOUT_TIMEOUT_MS = 3000;

/**
 * The identity calls (bodies and answers typed by `@portal/contracts`): login (which answers a
 * two-factor challenge instead of a token when the account has two-factor sign-in) and its second
 * step, register, me and logout; and the pages the account mails link to: forgot and reset password,
 * verify an email address, confirm an email change.
 */
export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<LoginResponse | TwoFactorChallengeResponse, LoginRequest>({
      query: (body) => ({ url: '/auth/login', method: 'POST', body }),
    }),
    loginTwoFactor: build.mutation<LoginResponse, TwoFactorLoginRequest>({
      query: (body) => ({ url: '/auth/login/two-factor', method: 'POST', body }),
    }),
    forgotPassword: build.mutation<MessageResponse, ForgotPasswordRequest>({
      query: (body) => ({ url: '/auth/forgot-password', method: 'POST', body }),
    }),
    // An account with two-factor sign-in is asked for its code (the login's second step) instead.
    resetPassword: build.mutation<LoginResponse | TwoFactorChallengeResponse, ResetPasswordRequest>({
      query: (body) => ({ url: '/auth/reset-password', method: 'POST', body }),
    }),
    // Queries, though they POST: the page sends its link's token once on load, and a query is
    // sent once per token however often the page renders (React's strict mode mounts twice).
    verifyEmail: build.query<VerifyEmailResponse, VerifyEmailRequest>({
      query: (body) => ({ url: '/auth/verify-email', method: 'POST', body }),
    }),
    confirmEmail: build.query<ConfirmEmailResponse, ConfirmEmailRequest>({
      query: (body) => ({ url: '/auth/confirm-email', method: 'POST', body }),
    }),
    register: build.mutation<RegisterResponse, RegisterRequest>({
      query: (body) => ({ url: '/auth/register', method: 'POST', body }),
    }),
    me: build.query<MeResponse, void>({ query: () => '/auth/me' }),
    logout: build.mutation<void, void>({
      query: () => ({ url: '/auth/logout', method: 'POST', timeout: LOGOUT_TIMEOUT_MS }),
    }),
  }),
});
