/** A request the page made, as a test reads it. */
export interface StubbedCall {
  method: string;
  path: string;
  authorization: string | null;
  body: unknown;
}

export interface StubbedAnswer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/**
 * `'POST /api/auth/login'` → the answer; a function can answer differently per call, and read the
 * request (its headers, say).
 */
export type StubbedRoutes = Record<
  string,
  StubbedAnswer | ((request: Request) => StubbedAnswer | Promise<StubbedAnswer>)
>;

/**
 * Replaces `fetch` for a front-end unit test (the real API is tested in its own service): answers
 * each `METHOD /path` from `routes` with JSON, fails like a dead network for any other request, and
 * records every call. Undo with `jest.restoreAllMocks()`.
 */
export function stubFetch(routes: StubbedRoutes): StubbedCall[] {
  const calls: StubbedCall[] = [];
  jest.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    const path = new URL(request.url).pathname;
    const text = await request.text();
    calls.push({
      method: request.method,
      path,
      authorization: request.headers.get('authorization'),
      body: text ? JSON.parse(text) : undefined,
    });
    const route = routes[`${request.method} ${path}`];
    if (!route) throw new TypeError('Failed to fetch');
    const { status, body, headers } = typeof route === 'function' ? await route(request) : route;
    return new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json', ...headers },
    });
  });
  return calls;
}
