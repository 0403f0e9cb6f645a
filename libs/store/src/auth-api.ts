import type {
  LoginRequest,
  LoginResponse,
  MeResponse,
  RegisterRequest,
  RegisterResponse,
} from '@portal/contracts';
import { api } from './api';

export { api };

/** How long Sign Out waits for the server to revoke the session before signing out anyway. */
export const LOGOUT_TIMEOUT_MS = 3000;

/** The identity calls: login, register, me and logout (bodies and answers typed by `@portal/contracts`). */
export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<LoginResponse, LoginRequest>({
      query: (body) => ({ url: '/auth/login', method: 'POST', body }),
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
