// The portal's JSON API as the benchmarks call it: one place for bearer tokens, JSON bodies and sign-ups.
import { randomUUID } from 'node:crypto';

export const benchPassword = 'bench-password-1';

/** `call` answers { status, body, ms } whatever the status; `expectOk` throws on a non-2xx answer. */
export function apiClient(baseUrl) {
  const base = baseUrl.replace(/\/+$/, '');
  async function call(method, path, { token, body, headers = {} } = {}) {
    const started = performance.now();
    const response = await fetch(path.startsWith('http') ? path : `${base}${path}`, {
      method,
      headers: {
        ...(body !== undefined && { 'content-type': 'application/json' }),
        ...(token && { authorization: `Bearer ${token}` }),
        ...headers,
      },
      body: typeof body === 'string' || body === undefined ? body : JSON.stringify(body),
    });
    const text = await response.text();
    let parsed = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, body: parsed, ms: performance.now() - started };
  }
  async function expectOk(method, path, options) {
    const answer = await call(method, path, options);
    if (answer.status < 200 || answer.status > 299) {
      throw new Error(`${method} ${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    }
    return answer.body;
  }
  /** A new customer; the stack must allow many sign-ups from one address (AUTH_REGISTER_LIMIT_PER_HOUR). */
  async function signUp(tag = 'bench') {
    const email = `${tag}-${randomUUID()}@example.com`;
    const { token } = await expectOk('POST', '/api/auth/register', {
      body: { name: 'Bench Customer', email, password: benchPassword },
    });
    return { email, password: benchPassword, token };
  }
  return { baseUrl: base, call, expectOk, signUp };
}

/** The value at quantile `q` (0..1) of ascending `sorted` numbers (nearest rank). */
export const percentile = (sorted, q) => sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)];

/** Runs `tasks` with at most `width` in flight. */
export async function pool(tasks, width) {
  const results = new Array(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const index = next++;
      results[index] = await tasks[index]();
    }
  };
  await Promise.all(Array.from({ length: width }, worker));
  return results;
}
