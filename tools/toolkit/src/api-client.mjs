// The portal's HTTP API as the tools call it (benchmarks, fault and security suites): bearer tokens,
// JSON or raw bodies, every answer whatever its status and how long it took; and what their load
// loops share (a pool of tasks, percentiles, distinct carts).
import { randomUUID } from 'node:crypto';

const parseJson = (text) => {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return text; // not JSON: keep the text
  }
};

/**
 * A client of the API at `baseUrl`. Options:
 * - `timeoutMs`: each call's deadline (none unless given; a call's own `timeoutMs` wins).
 * - `throwOnNetworkError: false`: a call never throws; a refused connection, a reset or a deadline
 *   answers { status: 0, error: <its code or name>, ms }, so a case can count what every request got.
 * - `onResponse({ method, path, status, headers, text, streamed })`: sees every answer received.
 *
 * `call(method, path, { token, body, headers, contentType, timeoutMs, stream })` answers
 * { status, body, text, headers, ms } whatever the status (`body` parsed from JSON when it is JSON).
 * `path` is relative to `baseUrl` unless absolute. `body` is sent as JSON (application/json) unless it
 * is a string or a Buffer: those are sent as they are, with `contentType` or fetch's own (text/plain
 * for a string, none for a Buffer). With `stream`, a 2xx answer's body is not waited for (its status is
 * the answer).
 *
 * @typedef {{ method: string, path: string, status: number, headers: Headers, text: string, streamed: boolean }} ApiResponseSeen
 * @typedef {{ timeoutMs?: number, throwOnNetworkError?: boolean, onResponse?: (seen: ApiResponseSeen) => void }} ApiClientOptions
 * @typedef {{ token?: string, body?: unknown, headers?: Record<string, string>, contentType?: string, timeoutMs?: number, stream?: boolean }} CallOptions
 * @typedef {{ status: number, body?: any, text?: string, headers?: Headers, ms: number, error?: string }} ApiAnswer
 *
 * @param {string} baseUrl
 * @param {ApiClientOptions} [options]
 */
export function createApiClient(
  baseUrl,
  { timeoutMs: defaultTimeoutMs, throwOnNetworkError = true, onResponse } = {},
) {
  const base = baseUrl.replace(/\/+$/, '');

  /**
   * @param {string} method
   * @param {string} path
   * @param {CallOptions} [options]
   * @returns {Promise<ApiAnswer>}
   */
  async function call(
    method,
    path,
    { token, body, headers = {}, contentType, timeoutMs = defaultTimeoutMs, stream = false } = {},
  ) {
    const started = performance.now();
    const raw = typeof body === 'string' || Buffer.isBuffer(body);
    const type = contentType ?? (body !== undefined && !raw ? 'application/json' : undefined);
    try {
      const response = await fetch(path.startsWith('http') ? path : `${base}${path}`, {
        method,
        headers: {
          ...(type && { 'content-type': type }),
          ...(token && { authorization: `Bearer ${token}` }),
          ...headers,
        },
        // A Buffer is a Uint8Array, which fetch sends as it is.
        body: body === undefined || raw ? /** @type {RequestInit['body']} */ (body) : JSON.stringify(body),
        signal: timeoutMs === undefined ? undefined : AbortSignal.timeout(timeoutMs),
      });
      const { status, headers: received } = response;
      if (stream && response.ok) {
        await response.body?.cancel();
        onResponse?.({ method, path, status, headers: received, text: '', streamed: true });
        return { status, body: undefined, text: '', headers: received, ms: performance.now() - started };
      }
      const text = await response.text();
      onResponse?.({ method, path, status, headers: received, text, streamed: false });
      return { status, body: parseJson(text), text, headers: received, ms: performance.now() - started };
    } catch (caught) {
      if (throwOnNetworkError) throw caught;
      const error = /** @type {Error & { cause?: { code?: string } }} */ (caught);
      return {
        status: 0,
        error: error.cause?.code ?? error.name ?? error.message,
        ms: performance.now() - started,
      };
    }
  }

  /**
   * The body of a 2xx answer; throws on any other.
   * @param {string} method
   * @param {string} path
   * @param {CallOptions} [options]
   */
  async function expectOk(method, path, options) {
    const answer = await call(method, path, options);
    if (answer.status < 200 || answer.status > 299) {
      throw new Error(
        `${method} ${path} answered ${answer.status}: ${JSON.stringify(answer.body ?? answer.error)}`,
      );
    }
    return answer.body;
  }

  /** The body of an answer with status `expected` (or one of them); throws on any other. */
  async function expectStatus(expected, method, path, options) {
    const answer = await call(method, path, options);
    const allowed = Array.isArray(expected) ? expected : [expected];
    if (!allowed.includes(answer.status)) {
      throw new Error(
        `${method} ${path} answered ${answer.status} (expected ${allowed.join(' or ')}): ${(answer.text ?? answer.error ?? '').slice(0, 500)}`,
      );
    }
    return answer.body;
  }

  /**
   * A new customer, `<tag>-<uuid>@example.com`: { email, password, token }. The stack must allow many
   * sign-ups from one address (AUTH_REGISTER_LIMIT_PER_HOUR).
   */
  async function signUp({ tag, name, password }) {
    const email = `${tag}-${randomUUID()}@example.com`;
    const { token } = await expectOk('POST', '/api/auth/register', { body: { name, email, password } });
    return { email, password, token };
  }

  return { baseUrl: base, call, expectOk, expectStatus, signUp };
}

/** Runs `tasks` (functions returning promises) with at most `width` in flight; answers their results in order. */
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

/** The value at quantile `q` (0..1) of ascending `sorted` numbers (nearest rank). */
export const percentile = (sorted, q) => sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)];

/** The middle of `numbers` once sorted (the upper one of an even count); `numbers` is left as it is. */
export const median = (numbers) => [...numbers].sort((a, b) => a - b)[Math.floor(numbers.length / 2)];

/**
 * Cart number `i` of the catalog's first four packages: a non-empty subset (15 of them) and a
 * first-line quantity, distinct for every i.
 */
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
