import type { Closable } from '../start-for-suite';
import { TestIdentity } from './test-identity';

/** A started service stack that also signs users in, with tokens its service accepts. */
export type WithSignIn<T> = T & {
  /** A new signed-in user (a customer unless `role` says otherwise); `claims` override any claim. */
  signIn: TestIdentity['signIn'];
  /** An API token (audience `portal-api`) as the gateway forwards one for a key; see `TestIdentity.apiToken`. */
  apiToken: TestIdentity['apiToken'];
};

/**
 * Starts a service that verifies tokens against identity: first a TestIdentity (key `kid`), then
 * `start(identity)`, which hands `identity.baseUrl` to the service as its IDENTITY_URL. The identity
 * is stopped again if the start fails, and on `close()` after what `start` returned.
 */
export async function startWithTestIdentity<T extends Closable>(
  kid: string,
  start: (identity: TestIdentity) => Promise<T>,
): Promise<WithSignIn<T>> {
  const identity = await TestIdentity.start(kid);
  const started = await start(identity).catch(async (error: unknown) => {
    await identity.stop();
    throw error;
  });
  return {
    ...started,
    signIn: (role, claims) => identity.signIn(role, claims),
    apiToken: (claims) => identity.apiToken(claims),
    async close() {
      await started.close();
      await identity.stop();
    },
  };
}
