import { localStore as storage } from './local-storage';

/** The session token lives in localStorage under `token` or `auth_token`. */
export const TOKEN_KEY = 'token';
export const REGISTER_TOKEN_KEY = 'auth_token';
export const TOKEN_KEYS = [TOKEN_KEY, REGISTER_TOKEN_KEY] as const;

/** The stored token (`token` first, then `auth_token`), or null when signed out. */
export function readToken(): string | null {
  const store = storage();
  return store?.getItem(TOKEN_KEY) || store?.getItem(REGISTER_TOKEN_KEY) || null;
}

/** After login: the token is stored as `token` and `auth_token` removed. */
export function storeLoginToken(token: string): void {
  storage()?.setItem(TOKEN_KEY, token);
  storage()?.removeItem(REGISTER_TOKEN_KEY);
}

/** After registration: the token is stored as `auth_token`. */
export function storeRegisterToken(token: string): void {
  storage()?.setItem(REGISTER_TOKEN_KEY, token);
}

export function clearTokens(): void {
  for (const key of TOKEN_KEYS) storage()?.removeItem(key);
}
