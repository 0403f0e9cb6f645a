import type { Role } from '@portal/contracts';
import { api } from './api';

export { api };

export interface LoginRequest {
  email: string;
  password: string;
}

/** Spec section 7: login answers a token and the user with its role. */
export interface LoginResponse {
  token: string;
  user: { role: Role };
}

export interface RegisterRequest {
  name: string;
  email: string;
  password: string;
}

export interface RegisterResponse {
  token: string;
}

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<LoginResponse, LoginRequest>({
      query: (body) => ({ url: '/auth/login', method: 'POST', body }),
    }),
    register: build.mutation<RegisterResponse, RegisterRequest>({
      query: (body) => ({ url: '/auth/register', method: 'POST', body }),
    }),
  }),
});
