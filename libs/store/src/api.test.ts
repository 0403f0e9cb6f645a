/** @jest-environment node */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { configureStore } from '@reduxjs/toolkit';
import { createApi } from '@reduxjs/toolkit/query';
import { createPortalBaseQuery } from './api';
import type { ApiError } from './error-text';

/** A real HTTP server standing in for the gateway: records requests, answers per path. */
let server: Server;
let baseUrl: string;
const seen: { path?: string; headers: IncomingHttpHeaders; body: string }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      seen.push({ path: req.url, headers: req.headers, body });
      if (req.url === '/api/auth/login') {
        res.writeHead(401, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ statusCode: 401, message: 'Invalid email or password' }));
      } else if (req.url === '/api/empty-error') {
        res.writeHead(503, 'Service Unavailable');
        res.end();
      } else {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ ok: true }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  seen.length = 0;
  delete (globalThis as { localStorage?: unknown }).localStorage;
});

function setup() {
  const testApi = createApi({
    reducerPath: 'api',
    baseQuery: createPortalBaseQuery(baseUrl),
    endpoints: (build) => ({
      ping: build.query<{ ok: boolean }, void>({ query: () => '/ping' }),
      emptyError: build.query<unknown, void>({ query: () => '/empty-error' }),
      login: build.mutation<unknown, { email: string; password: string }>({
        query: (body) => ({ url: '/auth/login', method: 'POST', body }),
      }),
    }),
  });
  const store = configureStore({
    reducer: { [testApi.reducerPath]: testApi.reducer },
    middleware: (getDefault) => getDefault().concat(testApi.middleware),
  });
  return { testApi, store };
}

function withToken(key: string, token: string) {
  const values = new Map([[key, token]]);
  (globalThis as { localStorage?: unknown }).localStorage = {
    getItem: (k: string) => values.get(k) ?? null,
  };
}

describe('portal base query', () => {
  it('sends the stored token as a bearer header', async () => {
    withToken('auth_token', 'abc.def');
    const { testApi, store } = setup();
    const result = await store.dispatch(testApi.endpoints.ping.initiate());
    expect(result.data).toEqual({ ok: true });
    expect(seen[0].headers.authorization).toBe('Bearer abc.def');
  });

  it('starts a trace of its own for each call (W3C traceparent)', async () => {
    const { testApi, store } = setup();
    await store.dispatch(testApi.endpoints.ping.initiate());
    await store.dispatch(testApi.endpoints.login.initiate({ email: 'a@example.com', password: 'x' }));
    const [first, second] = seen.map((request) => String(request.headers.traceparent));
    expect(first).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-00$/);
    expect(second).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-00$/);
    expect(second.split('-')[1]).not.toBe(first.split('-')[1]);
  });

  it('sends no Authorization header when signed out', async () => {
    const { testApi, store } = setup();
    await store.dispatch(testApi.endpoints.ping.initiate());
    expect(seen[0].headers.authorization).toBeUndefined();
  });

  it('turns a failed call into the spec error text, once, without retrying', async () => {
    const { testApi, store } = setup();
    const result = await store.dispatch(
      testApi.endpoints.login.initiate({ email: 'a@b.co', password: 'wrong1234' }),
    );
    expect((result as { error: ApiError }).error).toEqual({
      status: 401,
      data: { statusCode: 401, message: 'Invalid email or password' },
      message: '401: {"statusCode":401,"message":"Invalid email or password"}',
    });
    expect(JSON.parse(seen[0].body)).toEqual({ email: 'a@b.co', password: 'wrong1234' });
    expect(seen).toHaveLength(1);
  });

  it('uses the status text when the error body is empty', async () => {
    const { testApi, store } = setup();
    const result = await store.dispatch(testApi.endpoints.emptyError.initiate());
    expect((result.error as ApiError).message).toBe('503: Service Unavailable');
  });
});
