// The portal's HTTP API as the security checks call it. Every answer is kept in `transcript` (the
// canary check reads every response the suite received).
import { randomUUID } from 'node:crypto';
import { createApiClient } from '@portal/toolkit/api-client';

export const customerPassword = 'security-password-1';

/** Every response body (and header block) received by any client, in order. */
export const transcript = [];

const headerBlock = (headers) => [...headers].map(([name, value]) => `${name}: ${value}`).join('\n');
const record = ({ method, path, status, headers, text, streamed }) =>
  transcript.push(
    streamed
      ? `${method} ${path} ${status} (stream)`
      : `${method} ${path} ${status}\n${headerBlock(headers)}\n\n${text}`,
  );

/**
 * @portal/toolkit's client with a 15 s deadline, every answer kept in `transcript`:
 * `call(method, path, options)` answers { status, body, text, headers } whatever the status. `path`
 * is relative to `baseUrl` unless absolute. `body` is JSON-encoded unless it is a string or a Buffer
 * (sent as is, with `contentType`). `expectStatus(expected, method, path, options)` answers the body.
 */
export const apiClient = (baseUrl) => createApiClient(baseUrl, { timeoutMs: 15_000, onResponse: record });

/** A new customer (role `customer`, with an organisation): { id, email, password, token, organizationId }. */
export async function signUp(client, tag = 'customer', password = customerPassword) {
  const email = `sec-${tag}-${randomUUID().slice(0, 8)}@example.com`;
  const { token } = await client.expectStatus(201, 'POST', '/api/auth/register', {
    body: { name: `Security ${tag}`, email, password },
  });
  const me = await client.expectStatus(200, 'GET', '/api/auth/me', { token });
  return {
    id: me.id,
    email,
    password,
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
