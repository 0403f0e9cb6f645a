// The portal's HTTP API as the security checks call it. Every answer is kept in `transcript` (the
// canary check reads every response the suite received).
import { randomUUID } from 'node:crypto';

export const customerPassword = 'security-password-1';

/** Every response body (and header block) received by any client, in order. */
export const transcript = [];

/**
 * `call(method, path, options)` answers { status, body, text, headers } whatever the status. `path`
 * is relative to `baseUrl` unless absolute. `body` is JSON-encoded unless it is a string or a Buffer
 * (sent as is, with `contentType` or none).
 */
export function apiClient(baseUrl) {
  const base = baseUrl.replace(/\/+$/, '');
  async function call(
    method,
    path,
    { token, body, headers = {}, contentType, timeoutMs = 15_000, stream = false } = {},
  ) {
    const raw = typeof body === 'string' || Buffer.isBuffer(body);
    const type = contentType ?? (body !== undefined && !raw ? 'application/json' : undefined);
    const response = await fetch(path.startsWith('http') ? path : `${base}${path}`, {
      method,
      headers: {
        ...(type && { 'content-type': type }),
        ...(token && { authorization: `Bearer ${token}` }),
        ...headers,
      },
      body: body === undefined ? undefined : raw ? body : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (stream && response.ok) {
      // A stream that opened: its status is the answer; the stream itself is not waited for.
      await response.body?.cancel();
      transcript.push(`${method} ${path} ${response.status} (stream)`);
      return { status: response.status, body: undefined, text: '', headers: response.headers };
    }
    const text = await response.text();
    const headerBlock = [...response.headers].map(([name, value]) => `${name}: ${value}`).join('\n');
    transcript.push(`${method} ${path} ${response.status}\n${headerBlock}\n\n${text}`);
    let parsed = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, body: parsed, text, headers: response.headers };
  }
  async function expectStatus(expected, method, path, options) {
    const answer = await call(method, path, options);
    const allowed = Array.isArray(expected) ? expected : [expected];
    if (!allowed.includes(answer.status)) {
      throw new Error(
        `${method} ${path} answered ${answer.status} (expected ${allowed.join(' or ')}): ${answer.text.slice(0, 500)}`,
      );
    }
    return answer.body;
  }
  return { baseUrl: base, call, expectStatus };
}

/** A new customer (role `customer`, with an organisation): { id, email, password, token, organizationId }. */
export async function signUp(client, tag = 'customer') {
  const email = `sec-${tag}-${randomUUID().slice(0, 8)}@example.com`;
  const { token } = await client.expectStatus(201, 'POST', '/api/auth/register', {
    body: { name: `Security ${tag}`, email, password: customerPassword },
  });
  const me = await client.expectStatus(200, 'GET', '/api/auth/me', { token });
  return {
    id: me.id,
    email,
    password: customerPassword,
    token,
    role: me.role,
    organizationId: me.organizationId,
  };
}

export async function signIn(client, { email, password }) {
  const { token, user } = await client.expectStatus(200, 'POST', '/api/auth/login', {
    body: { email, password },
  });
  return { ...user, token };
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
