// The portal's JSON API as the fault cases call it (@portal/toolkit's client). A call never throws: a
// refused connection or a timeout (20 s) is status 0 with the reason, so a case can count what every
// request got.
import { createApiClient } from '@portal/toolkit/api-client';

export function apiClient(baseUrl) {
  const client = createApiClient(baseUrl, { timeoutMs: 20_000, throwOnNetworkError: false });
  /** A new customer's access token (the stack must allow many sign-ups from one address). */
  const signUp = async (tag = 'faults') =>
    (await client.signUp({ tag, name: 'Fault Case', password: 'faults-password-1' })).token;
  return { ...client, signUp };
}
