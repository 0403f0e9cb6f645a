// The portal's JSON API as the benchmarks call it (@portal/toolkit's client): a call throws only when
// no answer came; sign-ups are bench customers.
import { createApiClient } from '@portal/toolkit/api-client';

export const benchPassword = 'bench-password-1';

/** `call` answers { status, body, ms } whatever the status; `expectOk` throws on a non-2xx answer. */
export function apiClient(baseUrl) {
  const client = createApiClient(baseUrl);
  /** A new customer; the stack must allow many sign-ups from one address (AUTH_REGISTER_LIMIT_PER_HOUR). */
  const signUp = (tag = 'bench') => client.signUp({ tag, name: 'Bench Customer', password: benchPassword });
  return { ...client, signUp };
}
