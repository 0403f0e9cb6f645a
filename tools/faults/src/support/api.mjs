// The portal's JSON API as the fault cases call it. A call never throws: a refused connection or a
// timeout is status 0 with the reason, so a case can count what every request got.
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { rootDir } from './stack.mjs';

export function apiClient(baseUrl) {
  async function call(method, apiPath, { token, body, headers = {}, timeoutMs = 20_000 } = {}) {
    const started = performance.now();
    try {
      const response = await fetch(`${baseUrl}${apiPath}`, {
        method,
        headers: {
          ...(body !== undefined && { 'content-type': 'application/json' }),
          ...(token && { authorization: `Bearer ${token}` }),
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
      const text = await response.text();
      let parsed = text;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        // not JSON: keep the text
      }
      return { status: response.status, body: parsed, ms: performance.now() - started };
    } catch (error) {
      return {
        status: 0,
        error: error.cause?.code ?? error.name ?? error.message,
        ms: performance.now() - started,
      };
    }
  }

  async function expectOk(method, apiPath, options) {
    const answer = await call(method, apiPath, options);
    if (answer.status < 200 || answer.status > 299) {
      throw new Error(
        `${method} ${apiPath} answered ${answer.status}: ${JSON.stringify(answer.body ?? answer.error)}`,
      );
    }
    return answer.body;
  }

  /** A new customer's access token (the stack must allow many sign-ups from one address). */
  async function signUp(tag = 'faults') {
    const email = `${tag}-${randomUUID()}@example.com`;
    const { token } = await expectOk('POST', '/api/auth/register', {
      body: { name: 'Fault Case', email, password: 'faults-password-1' },
    });
    return token;
  }

  return { call, expectOk, signUp };
}

/** Runs `tasks` (functions) with at most `width` in flight; answers their results in order. */
export async function pool(tasks, width) {
  const results = new Array(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const index = next++;
      results[index] = await tasks[index]();
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, tasks.length) }, worker));
  return results;
}

/** Cart number `i` of the catalog's first packages: a non-empty subset and a quantity, distinct per i. */
export function cartFor(i, packages) {
  const subset = (i % 15) + 1;
  const chosen = packages.slice(0, 4).filter((_, bit) => subset & (1 << bit));
  return {
    items: chosen.map((pkg, index) => ({
      packageId: pkg.id,
      quantity: index === 0 ? 1 + Math.floor(i / 15) : 1,
    })),
  };
}

/** The fake Stripe API of libs/testing (built), in this process, on a free loopback port. */
export async function startFakeStripe(scope) {
  const require = createRequire(import.meta.url);
  const { startFakeStripe: start } = require(
    path.join(rootDir, 'libs/testing/dist/fake-stripe/fake-stripe.js'),
  );
  const fake = await start({ port: 0, host: '127.0.0.1' });
  scope.defer(() => fake.close());
  return fake;
}

/** Environment that points commerce at `fake` and lets one address sign up many customers. */
export const checkoutEnv = (fake) => ({
  STRIPE_SECRET_KEY: 'sk_test_faults',
  STRIPE_WEBHOOK_SECRET: 'whsec_faults',
  STRIPE_API_URL: fake.url,
  AUTH_REGISTER_LIMIT_PER_HOUR: '100000',
});
